import { describe, expect, it } from "vitest";
import { DUMMY_HASH, hashPassword, verifyAgainstDummy, verifyPassword } from "@/lib/auth/password";
import { HASH_QUEUE, HASH_RETRY_AFTER_SECONDS, HASH_SLOTS } from "@/lib/auth/password";
import { ServiceUnavailable } from "@/lib/errors";
import { availableParallelism } from "node:os";

// product.md §5: at most as many hashes at once as the machine has cores, a short queue beyond
// that, then 503 with Retry-After; one network's flood leaves room for others (hash-gate.test.ts).

describe("bounded password hashing", () => {
  it("runs no more hashes at once than there are cores, and keeps a libuv thread free", () => {
    expect(HASH_SLOTS).toBeGreaterThanOrEqual(1);
    expect(HASH_SLOTS).toBeLessThanOrEqual(availableParallelism());
    expect(HASH_SLOTS).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE) || 4);
  });

  it("queues a short burst and refuses the rest at once with ServiceUnavailable (503, Retry-After)", async () => {
    const extra = 7;
    const results = await Promise.allSettled(
      Array.from({ length: HASH_SLOTS + HASH_QUEUE + extra }, (_, i) => hashPassword(`burst-password-${i}`)),
    );
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(HASH_SLOTS + HASH_QUEUE);
    expect(refused).toHaveLength(extra);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(ServiceUnavailable);
      expect(reason.status).toBe(503);
      expect(reason.retryAfterSeconds).toBe(HASH_RETRY_AFTER_SECONDS);
    }
  });

  it("verifies share the same bound, and the bound frees up again afterwards", async () => {
    const hash = await hashPassword("the-right-password");
    const flood = await Promise.allSettled(
      Array.from({ length: HASH_SLOTS + HASH_QUEUE + 3 }, () => verifyPassword(hash, "the-right-password")),
    );
    expect(flood.filter((r) => r.status === "rejected")).toHaveLength(3);
    expect(await verifyPassword(hash, "the-right-password")).toBe(true);
    expect(await verifyPassword(hash, "a-wrong-password")).toBe(false);
  });

  it("while one network keeps the queue full, a client of another network still gets its hash", async () => {
    const flood = Array.from({ length: HASH_SLOTS + HASH_QUEUE + 5 }, (_, i) => hashPassword(`flood-${i}`, "2001:db8:bad::/48"));
    const other = hashPassword("someone-else-entirely", "203.0.113.7");
    const results = await Promise.allSettled(flood);
    expect(await other).toMatch(/^\$argon2id\$/);
    // It took one of the flood's places in the queue.
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(HASH_SLOTS + HASH_QUEUE - 1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(r.reason).toBeInstanceOf(ServiceUnavailable);
    }
  });

  it("checks against a dummy hash made with the same settings as real ones (same cost)", async () => {
    const real = await hashPassword("any-password-at-all");
    const settings = (h: string) => h.split("$").slice(0, 4).join("$");
    expect(settings(DUMMY_HASH)).toBe(settings(real));
    expect(await verifyAgainstDummy("fresh-bowl-timing-equaliser")).toBe(false);
  });
});
