-- Issue 13 §1: email verification, single-use mail links, and the outbox every mail is written to
-- before it is sent (lib/mail/). Accounts that existed before this migration are taken as verified
-- (they signed up when no mail could be sent), and so is any account made without saying otherwise
-- (the operator's command, tests): only sign-up inserts "emailVerifiedAt" NULL.
-- An unverified account may hold one active API key: the trigger below refuses a second with
-- SQLSTATE YJ002 (lib/accounts/verification.ts turns it into 403 email_unverified). Like the key cap
-- (20261125100000_api_key_pages) it counts under the account's row lock, so racing creations take
-- turns. The function body is a quoted string, not $$-quoted: lib/db/migrate.ts splits on ";"
-- outside quotes.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "emailVerifiedAt" TIMESTAMPTZ(3) DEFAULT CURRENT_TIMESTAMP;

-- Backfill
UPDATE "User" SET "emailVerifiedAt" = "createdAt";

-- CreateTable
CREATE TABLE "AccountToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "AccountToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AccountToken_userId_purpose_idx" ON "AccountToken"("userId", "purpose");

-- AddForeignKey
ALTER TABLE "AccountToken" ADD CONSTRAINT "AccountToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "OutboxMail" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMPTZ(3),
    "failedAt" TIMESTAMPTZ(3),
    "lastError" TEXT,

    CONSTRAINT "OutboxMail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OutboxMail_nextAttemptAt_idx" ON "OutboxMail"("nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMail_createdAt_idx" ON "OutboxMail"("createdAt");

-- CreateFunction
CREATE FUNCTION "yamljson_unverified_key_cap"() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  IF EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId" AND "emailVerifiedAt" IS NULL FOR NO KEY UPDATE)
     AND EXISTS (SELECT 1 FROM "ApiKey" WHERE "userId" = NEW."userId" AND "revokedAt" IS NULL AND "id" <> NEW."id") THEN
    RAISE EXCEPTION ''an account whose email is not verified may hold one active API key'' USING ERRCODE = ''YJ002'';
  END IF;
  RETURN NEW;
END
';

-- CreateTrigger
CREATE TRIGGER "ApiKey_unverified_insert" BEFORE INSERT ON "ApiKey" FOR EACH ROW
WHEN (NEW."revokedAt" IS NULL)
EXECUTE FUNCTION "yamljson_unverified_key_cap"();
