-- Issue 13 §2: keys a team can run production on.
-- "ApiKey"."expiresAt": an optional end of a key's life; the key lookup refuses a key past it.
-- "KeyUsageHour": calls per key, UTC hour and endpoint (30 days shown). "RequestLogEntry": the account's
-- last 1,000 keyed requests of 7 days (never a body). Both are written in batches by each server process
-- (lib/accounts/key-usage.ts), never once per call; both go with their account (ON DELETE CASCADE), usage
-- also with its key. The request log keeps the key's id and prefix as text, so deleting a key keeps its log.

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN "expiresAt" TIMESTAMPTZ(3);

-- A changed expiry alters whom a key authenticates as, like a revocation: the embedded server's key cache
-- must hear of it (no endpoint changes it after creation; an operator's SQL may). The cache also checks
-- the expiry it holds on every answer, so a key that reaches its expiry is refused without any change.
-- DropTrigger
DROP TRIGGER "ApiKey_auth_update" ON "ApiKey";

-- CreateTrigger
CREATE TRIGGER "ApiKey_auth_update" AFTER UPDATE ON "ApiKey" FOR EACH ROW
WHEN (OLD."revokedAt" IS DISTINCT FROM NEW."revokedAt" OR OLD."hash" IS DISTINCT FROM NEW."hash"
   OR OLD."userId" IS DISTINCT FROM NEW."userId" OR OLD."id" IS DISTINCT FROM NEW."id"
   OR OLD."expiresAt" IS DISTINCT FROM NEW."expiresAt")
EXECUTE FUNCTION "yamljson_notify_auth_change"();

-- CreateTable
CREATE TABLE "KeyUsageHour" (
    "keyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "hourStart" TIMESTAMPTZ(3) NOT NULL,
    "endpoint" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "KeyUsageHour_pkey" PRIMARY KEY ("keyId","hourStart","endpoint")
);

-- CreateIndex
CREATE INDEX "KeyUsageHour_userId_hourStart_idx" ON "KeyUsageHour"("userId", "hourStart");

-- CreateIndex
CREATE INDEX "KeyUsageHour_hourStart_idx" ON "KeyUsageHour"("hourStart");

-- AddForeignKey
ALTER TABLE "KeyUsageHour" ADD CONSTRAINT "KeyUsageHour_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "ApiKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KeyUsageHour" ADD CONSTRAINT "KeyUsageHour_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "RequestLogEntry" (
    "id" BIGSERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "keyId" TEXT NOT NULL,
    "keyPrefix" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "errorCode" TEXT,
    "inputBytes" INTEGER NOT NULL,
    "outputBytes" INTEGER NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "requestId" TEXT NOT NULL,

    CONSTRAINT "RequestLogEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RequestLogEntry_userId_at_id_idx" ON "RequestLogEntry"("userId", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "RequestLogEntry_userId_requestId_idx" ON "RequestLogEntry"("userId", "requestId");

-- CreateIndex
CREATE INDEX "RequestLogEntry_at_idx" ON "RequestLogEntry"("at");

-- AddForeignKey
ALTER TABLE "RequestLogEntry" ADD CONSTRAINT "RequestLogEntry_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
