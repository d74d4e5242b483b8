import { z } from "zod";

// What every domain's schema.ts builds on (client-safe): printable text, our row ids, and zod's
// configuration for the browser. Each schema module imports this one first.

// zod compiles object parsers with `new Function` where it may. Its probe for that is a
// Content-Security-Policy violation in the browser (our CSP has no 'unsafe-eval'), which Chrome
// lists in its Issues panel (Lighthouse: best practices). Forms parse a few fields: no compiler
// needed. Set before any schema below, or in a module importing this one, is built.
if (typeof window !== "undefined") z.config({ jitless: true });

const CONTROL_CHARS = /[\p{Cc}\p{Cs}]/u;

/** Any printable text in any script; only control characters are refused. */
export const printable = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), `${label} contains characters that are not allowed`);

/**
 * Our row ids (Prisma's cuid(), lib/db/ids.ts): letters, digits, `-` and `_`, at most 64. Ids
 * from a URL are checked against this before any query: anything else cannot name a row, and
 * some text (a NUL character) makes PostgreSQL refuse the query itself, which would be a 500.
 */
export function looksLikeRowId(id: string | null | undefined): id is string {
  return typeof id === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(id);
}
