-- Notifications on channel yamljson_auth whenever a change can alter whom an API key authenticates
-- as: a key revoked, re-hashed, moved or deleted; an account's plan changed, disabled or deleted.
-- The embedded server's process caches keys in memory and drops them on these (lib/db/embedded.ts,
-- lib/accounts/key-cache.ts). Payload: the table's name and the row's id. Other updates (a key's
-- lastUsedAt, written once a minute per key, or its name) notify nothing.
-- The function body is a quoted string, not $$-quoted: lib/db/migrate.ts splits on ";" outside quotes.

-- CreateFunction
CREATE FUNCTION "yamljson_notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
  PERFORM pg_notify(''yamljson_auth'', TG_TABLE_NAME || '' '' || OLD."id");
  RETURN NULL;
END
';

-- CreateTrigger
CREATE TRIGGER "ApiKey_auth_update" AFTER UPDATE ON "ApiKey" FOR EACH ROW
WHEN (OLD."revokedAt" IS DISTINCT FROM NEW."revokedAt" OR OLD."hash" IS DISTINCT FROM NEW."hash"
   OR OLD."userId" IS DISTINCT FROM NEW."userId" OR OLD."id" IS DISTINCT FROM NEW."id")
EXECUTE FUNCTION "yamljson_notify_auth_change"();

-- CreateTrigger
CREATE TRIGGER "ApiKey_auth_delete" AFTER DELETE ON "ApiKey" FOR EACH ROW
EXECUTE FUNCTION "yamljson_notify_auth_change"();

-- CreateTrigger
CREATE TRIGGER "User_auth_update" AFTER UPDATE ON "User" FOR EACH ROW
WHEN (OLD."plan" IS DISTINCT FROM NEW."plan" OR OLD."disabledAt" IS DISTINCT FROM NEW."disabledAt"
   OR OLD."id" IS DISTINCT FROM NEW."id")
EXECUTE FUNCTION "yamljson_notify_auth_change"();

-- CreateTrigger
CREATE TRIGGER "User_auth_delete" AFTER DELETE ON "User" FOR EACH ROW
EXECUTE FUNCTION "yamljson_notify_auth_change"();
