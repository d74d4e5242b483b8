import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/login/route";
import { GET as menuRoute } from "@/app/api/menu/route";
import { waitFor } from "@/tests/support/wait";
import { get, post, tally, uniqueEmail, type Reply } from "@/tests/support/auth-calls";

// product.md §5: password hashing is bounded, so a flood of sign-ins cannot starve the shop.
// Asserted on behaviour, not on time: the flood is refused in part with 503 + Retry-After, and a
// request that hashes nothing is answered while the flood's hashes are still queued.

describe("a flood of sign-ins", () => {
  it("gets 503 with Retry-After beyond the hashing queue, while the menu is answered meanwhile", async () => {
    const settled: Reply[] = [];
    // Unknown addresses, each from its own client: every one passes the rate limits and is
    // checked against the dummy hash (as costly as a real one).
    const flood = Array.from({ length: 40 }, (_, i) =>
      post(loginRoute, "/api/login", { email: uniqueEmail("flood"), password: `flood-guess-${i}` }).then((r) => (settled.push(r), r)),
    );
    // A 503 means every hashing slot and the whole queue were taken at that moment.
    await waitFor(() => settled.some((r) => r.status === 503), { what: "the first 503 of the flood" });

    const menu = await get(menuRoute, "/api/menu");
    const answeredBeforeMenu = settled.filter((r) => r.status === 401).length;

    const replies = await Promise.all(flood);
    const counts = tally(replies);
    expect(menu.status).toBe(200);
    expect(Array.isArray(menu.body)).toBe(true);
    // Some of the flood's checks were still queued or running when the menu was answered.
    expect(answeredBeforeMenu).toBeLessThan(counts[401]);
    expect(counts[503]).toBeGreaterThan(0);
    expect((counts[401] ?? 0) + counts[503]).toBe(40);
    for (const r of replies.filter((r) => r.status === 503)) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(r.body.error).toEqual(expect.any(String));
    }
  });
});
