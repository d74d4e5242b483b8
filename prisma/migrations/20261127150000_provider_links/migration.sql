-- The providers (google, facebook) through which an account's owner has signed in
-- (lib/auth/provider-sign-in.ts). The first sign-in through a provider removes a password set
-- before it (whoever registered the address may not be its owner); a password set afterwards
-- can only come from a reset link mailed to the owner, and stays. Accounts linked before this
-- table existed have no rows: their next provider sign-in counts as the first.

-- CreateTable
CREATE TABLE "provider_links" (
    "user_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "linked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_links_pkey" PRIMARY KEY ("user_id","provider")
);

-- AddForeignKey
ALTER TABLE "provider_links" ADD CONSTRAINT "provider_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
