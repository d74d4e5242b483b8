import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { readiness } from "@/lib/billing/readiness";
import { setBusiness } from "@/tests/support/billing";
import { resetStoreAfterEach } from "@/tests/support/store";

// "Before you open" (product.md §11): what the business details lack, and what is open-ended.

resetStoreAfterEach();

describe("ready to trade", () => {
  it("a fresh install lacks all four; open round the clock with no areas is said, not asked for", async () => {
    const { missing, openEnded } = await readiness();
    expect(missing).toHaveLength(4);
    expect(missing.join(" ")).toMatch(/legal name.*address.*FSSAI.*grievance officer/is);
    expect(openEnded).toEqual([
      "No delivery areas: every PIN code is served, at the shop-wide fee",
      "Opening hours: open round the clock, every day",
    ]);
  });

  it("names only what is still missing, and nothing once the details are whole", async () => {
    await setBusiness({ fssai: "" });
    expect((await readiness()).missing).toEqual([expect.stringContaining("FSSAI")]);
    await setBusiness();
    await db().deliveryArea.create({ data: { name: "Koramangala", pins: ["560034"], fee: 30, minimumOrder: 0 } });
    expect(await readiness()).toEqual({ missing: [], openEnded: ["Opening hours: open round the clock, every day"] });
  });
});
