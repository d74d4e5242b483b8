import "server-only";
import { randomBytes } from "node:crypto";

// Ids for rows written with hand-written SQL, in the shape of Prisma's cuid() ids beside them:
// "c", the time in base 36 (so ids sort roughly by creation), then 16 random base-36 characters
// (≈ 82 bits; the order code customers see is the last 8).

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

// Random bytes are drawn in batches: one system call per 256 ids, not one per id (an order
// takes five).
const BATCH = 16 * 256;
let pool = Buffer.alloc(0);
let offset = 0;

export function newId(): string {
  if (offset + 16 > pool.length) {
    pool = randomBytes(BATCH);
    offset = 0;
  }
  let random = "";
  for (let i = offset; i < offset + 16; i++) random += ALPHABET[pool[i] % 36];
  offset += 16;
  return `c${Date.now().toString(36).padStart(9, "0")}${random}`;
}
