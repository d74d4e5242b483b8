import { describe, expect, it } from "vitest";
import { actorOf, orderHistory } from "@/lib/orders/history";

// An order's history (product.md §7) from its placing time and its stored status changes.

describe("orderHistory", () => {
  const placed = new Date("2026-11-23T10:00:00.000Z");

  it("starts with pending at placement, by the customer", () => {
    expect(orderHistory(placed, [])).toEqual([{ status: "pending", at: "2026-11-23T10:00:00.000Z", by: "customer" }]);
  });

  it("then every change, oldest first, with its time and actor", () => {
    const history = orderHistory(placed, [
      { status: "preparing", actor: "admin", createdAt: new Date("2026-11-23T10:07:00.000Z") },
      { status: "confirmed", actor: "admin", createdAt: new Date("2026-11-23T10:02:00.000Z") },
    ]);
    expect(history).toEqual([
      { status: "pending", at: "2026-11-23T10:00:00.000Z", by: "customer" },
      { status: "confirmed", at: "2026-11-23T10:02:00.000Z", by: "admin" },
      { status: "preparing", at: "2026-11-23T10:07:00.000Z", by: "admin" },
    ]);
  });

  it("keeps the stored order for changes in the same millisecond", () => {
    const at = new Date("2026-11-23T10:01:00.000Z");
    const history = orderHistory(placed, [
      { status: "confirmed", actor: "admin", createdAt: at },
      { status: "cancelled", actor: "system", createdAt: at },
    ]);
    expect(history.map((h) => h.status)).toEqual(["pending", "confirmed", "cancelled"]);
  });
});

describe("actorOf", () => {
  it("records an admin as admin and anyone else as the customer", () => {
    expect(actorOf({ role: "admin" })).toBe("admin");
    expect(actorOf({ role: "user" })).toBe("customer");
  });
});
