import { randomBytes } from "node:crypto";

// Ids for rows written with hand-written SQL, in the shape of Prisma's cuid() ids beside them:
// "c", the time in base 36 (so ids sort roughly by creation), then 16 random base-36 characters
// (≈ 82 bits; the order code customers see is the last 8).

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

export function newId(): string {
  const bytes = randomBytes(16);
  let random = "";
  for (const byte of bytes) random += ALPHABET[byte % 36];
  return `c${Date.now().toString(36).padStart(9, "0")}${random}`;
}
