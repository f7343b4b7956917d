-- Server-side sessions: one row per sign-in. The session cookie (a next-auth JWT) carries a random
-- session secret; the row's id is its SHA-256, so the table alone cannot be used to sign in.
-- Signing out deletes the row; "sign out everywhere", a password change and disabling the account
-- delete all the account's rows. A cookie whose row is gone is refused on its next request.

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
