-- The dashboard lists an account's keys newest first, 100 a page, after a cursor (createdAt, id): one
-- walk of this index per page, however many keys (revoked ones stay listed) the account has. It also
-- serves every lookup by "userId" alone, so the index on "userId" alone goes.
-- An account may hold at most 100 active keys: the trigger below counts them before a key becomes active
-- (created, or moved to another account) and refuses the 101st with SQLSTATE YJ001, which
-- lib/accounts/api-keys.ts turns into 409 key_limit_reached. It first takes the account's row lock
-- (FOR NO KEY UPDATE: the foreign-key checks of usage and session rows are not held up), so creations
-- racing on any number of instances take turns and each counts the others' committed keys. The partial
-- index holds only active keys, so the count reads at most 100 entries. (Prisma's schema cannot express
-- a partial index or a trigger; they live here.) The function body is a quoted string, not $$-quoted:
-- lib/db/migrate.ts splits on ";" outside quotes.

-- CreateIndex
CREATE INDEX "ApiKey_userId_createdAt_id_idx" ON "ApiKey"("userId", "createdAt" DESC, "id" DESC);

-- DropIndex
DROP INDEX "ApiKey_userId_idx";

-- CreateIndex
CREATE INDEX "ApiKey_userId_active_idx" ON "ApiKey"("userId") WHERE "revokedAt" IS NULL;

-- CreateFunction
CREATE FUNCTION "yamljson_api_key_cap"() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  PERFORM 1 FROM "User" WHERE "id" = NEW."userId" FOR NO KEY UPDATE;
  IF (SELECT count(*) FROM "ApiKey" WHERE "userId" = NEW."userId" AND "revokedAt" IS NULL AND "id" <> NEW."id") >= 100 THEN
    RAISE EXCEPTION ''an account may hold at most 100 active API keys'' USING ERRCODE = ''YJ001'';
  END IF;
  RETURN NEW;
END
';

-- CreateTrigger
CREATE TRIGGER "ApiKey_cap_insert" BEFORE INSERT ON "ApiKey" FOR EACH ROW
WHEN (NEW."revokedAt" IS NULL)
EXECUTE FUNCTION "yamljson_api_key_cap"();

-- CreateTrigger
CREATE TRIGGER "ApiKey_cap_update" BEFORE UPDATE OF "revokedAt", "userId" ON "ApiKey" FOR EACH ROW
WHEN (NEW."revokedAt" IS NULL AND (OLD."revokedAt" IS NOT NULL OR OLD."userId" IS DISTINCT FROM NEW."userId"))
EXECUTE FUNCTION "yamljson_api_key_cap"();
