// The shape of our row ids (Prisma's cuid(), lib/db/ids.ts): letters, digits, `-` and `_`, at
// most 64. Its own module, free of zod, for browser code that checks ids without a schema.
export const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;
