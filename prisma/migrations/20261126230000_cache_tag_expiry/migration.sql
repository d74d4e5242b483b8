-- When each cache tag was last expired, shared by every app instance (cache-handlers/tag-expiry.mjs).
-- Next.js keeps tag state per process; this table and a notice on the live-updates channel
-- let every instance drop what another instance's revalidateTag expired.
CREATE TABLE "cache_tag_expirations" (
    "tag" TEXT NOT NULL,
    "stale_at" BIGINT NOT NULL,
    "expired_at" BIGINT,
    CONSTRAINT "cache_tag_expirations_pkey" PRIMARY KEY ("tag")
);
