import { z } from "zod";
import { dropBidiControls, hasControlCharacter } from "@/lib/text";

// What every domain's schema.ts builds on (client-safe): printable text and zod's configuration
// for the browser (row ids: lib/db/schema.ts). Each schema module imports this one first.

// zod compiles object parsers with `new Function` where it may. Its probe for that is a
// Content-Security-Policy violation in the browser (our CSP has no 'unsafe-eval'), which Chrome
// lists in its Issues panel (Lighthouse: best practices). Forms parse a few fields: no compiler
// needed. Set before any schema below, or in a module importing this one, is built.
if (typeof window !== "undefined") z.config({ jitless: true });

/** Any printable text in any script, bidirectional controls dropped; only control characters are refused. */
export const printable = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(dropBidiControls)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), `${label} contains characters that are not allowed`);
