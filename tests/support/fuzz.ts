import fc from "fast-check";
import { expect } from "vitest";
import type { Reply } from "@/tests/support/api";
import type { Fingerprinter } from "@/tests/support/db-fingerprint";
import { malformedBody, oversizedBody } from "@/tests/support/hostile";

// The property every endpoint must have: whatever arrives, the reply is never a 5xx, and a
// refusal (4xx) leaves the database as it was. fast-check picks a new random seed each run and
// prints it, with the smallest failing input, when the property fails; rerun that case with
// `{ seed, path }` from the report.

export type FuzzOptions<T = unknown> = {
  numRuns: number;
  /** Runs before the "before" digest: what this case needs to exist (a live token, an order). */
  arrange?: () => Promise<void>;
  /** Extra check on each reply (e.g. oversized bodies must get 413). */
  check?: (reply: Reply) => void;
  /** Inputs always tried first, on top of the random ones: the bugs found so far stay found. */
  examples?: T[];
};

export async function neverFailsNorWritesOnRefusal<T>(
  digest: Fingerprinter,
  input: fc.Arbitrary<T>,
  send: (value: T) => Promise<Reply>,
  options: FuzzOptions<T>,
) {
  await fc.assert(
    fc.asyncProperty(input, async (value) => {
      await options.arrange?.();
      const before = await digest.take();
      const reply = await send(value);
      expect(reply.status, `5xx: ${reply.text.slice(0, 500)}`).toBeLessThan(500);
      if (reply.status >= 400)
        expect(await digest.take(), `a ${reply.status} reply wrote to the database: ${reply.text.slice(0, 300)}`).toEqual(before);
      options.check?.(reply);
    }),
    { numRuns: options.numRuns, examples: (options.examples ?? []).map((e) => [e] as [T]) },
  );
}

/** Bodies that are not the JSON asked for (cut short, a BOM, not UTF-8, not JSON at all): the same property. */
export function malformedBodiesNeverFail(digest: Fingerprinter, send: (raw: string | Uint8Array) => Promise<Reply>, numRuns: number) {
  return neverFailsNorWritesOnRefusal(digest, malformedBody, send, { numRuns });
}

/** Bodies over 100 KB get 413 (product.md §5), and so write nothing. */
export function oversizedBodiesGet413(digest: Fingerprinter, send: (raw: string) => Promise<Reply>, numRuns: number) {
  return neverFailsNorWritesOnRefusal(digest, oversizedBody, send, { numRuns, check: (reply) => expect(reply.status).toBe(413) });
}

/** encodeURIComponent, except that text it cannot encode (a lone surrogate) still makes a path. */
export function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "segment";
  }
}

/** `key=value&…` with every value made a path segment (a fuzzed query may hold anything). */
export function queryString(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([k, v]) => `${k}=${segment(v)}`)
    .join("&");
}

/** A value printed by its name in a counterexample (a caller, not its session token; a route, not its code). */
export class Named<T> {
  constructor(
    readonly name: string,
    readonly value: T,
  ) {}
  toString() {
    return this.name;
  }
  [Symbol.for("fast-check/toStringMethod")]() {
    return this.name;
  }
}

/** Picks one of the named callers (a name may be listed twice to weigh it); undefined is signed out. */
export function oneOf<T>(callers: () => Record<string, T | undefined>, names: string[]): fc.Arbitrary<Named<T | undefined>> {
  return fc.constantFrom(...names).map((name) => new Named(name, callers()[name]));
}
