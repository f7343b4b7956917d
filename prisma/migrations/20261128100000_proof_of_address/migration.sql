-- An address is proven before its account can do anything: an account whose address is not verified
-- cannot sign in (lib/accounts/users.ts) and holds no API key. The trigger of 20261127100000_mail_and_account
-- allowed such an account one key; it now refuses every key that would become active (created, un-revoked
-- or moved to the account) with SQLSTATE YJ002, under the account's row lock as before. Sessions of such
-- accounts end here: they could not be started any more. The keys they made are revoked when the address
-- is first proven (lib/accounts/verification.ts, lib/accounts/recovery.ts), which tells the owner.
-- A sign-up for an address whose account is not verified yet carries its own password in the link's token:
-- confirming requires that password and sets it (so a stranger's earlier sign-up cannot keep the account).
-- The function body is a quoted string, not $$-quoted: lib/db/migrate.ts splits on ";" outside quotes.

-- AlterTable
ALTER TABLE "AccountToken" ADD COLUMN "passwordHash" TEXT;

-- ReplaceFunction
CREATE OR REPLACE FUNCTION "yamljson_unverified_key_cap"() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  IF EXISTS (SELECT 1 FROM "User" WHERE "id" = NEW."userId" AND "emailVerifiedAt" IS NULL FOR NO KEY UPDATE) THEN
    RAISE EXCEPTION ''an account whose email is not verified holds no API key'' USING ERRCODE = ''YJ002'';
  END IF;
  RETURN NEW;
END
';

-- CreateTrigger
CREATE TRIGGER "ApiKey_unverified_update" BEFORE UPDATE OF "revokedAt", "userId" ON "ApiKey" FOR EACH ROW
WHEN (NEW."revokedAt" IS NULL AND (OLD."revokedAt" IS NOT NULL OR OLD."userId" IS DISTINCT FROM NEW."userId"))
EXECUTE FUNCTION "yamljson_unverified_key_cap"();

-- Sessions of accounts that can no longer sign in
DELETE FROM "Session" WHERE "userId" IN (SELECT "id" FROM "User" WHERE "emailVerifiedAt" IS NULL);
