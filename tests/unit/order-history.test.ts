import { describe, expect, it } from "vitest";
import { actorOf, orderHistory, reachedAt } from "@/lib/orders/history";

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

describe("a step with a note (the kitchen running late)", () => {
  it("is not a change of status: the time a status was reached stays when it began", () => {
    const placed = new Date("2026-11-27T07:00:00.000Z");
    const history = orderHistory(placed, [
      { status: "confirmed", actor: "admin", createdAt: new Date("2026-11-27T07:02:00.000Z") },
      { status: "confirmed", actor: "admin", createdAt: new Date("2026-11-27T07:10:00.000Z"), note: "delayed 10 min" },
      { status: "preparing", actor: "admin", createdAt: new Date("2026-11-27T07:12:00.000Z") },
      { status: "preparing", actor: "admin", createdAt: new Date("2026-11-27T07:20:00.000Z"), note: "delayed 20 min" },
    ]);
    expect(history[2]).toEqual({ status: "confirmed", at: "2026-11-27T07:10:00.000Z", by: "admin", note: "delayed 10 min" });
    expect(history[1]).not.toHaveProperty("note");
    expect(reachedAt(history, "pending")).toBe("2026-11-27T07:00:00.000Z");
    expect(reachedAt(history, "confirmed")).toBe("2026-11-27T07:02:00.000Z");
    expect(reachedAt(history, "preparing")).toBe("2026-11-27T07:12:00.000Z");
    expect(reachedAt(history, "delivered")).toBeUndefined();
    // Delayed while still pending: placing stays the time it was placed.
    const early = orderHistory(placed, [
      { status: "pending", actor: "admin", createdAt: new Date("2026-11-27T07:05:00.000Z"), note: "delayed 5 min" },
    ]);
    expect(reachedAt(early, "pending")).toBe("2026-11-27T07:00:00.000Z");
  });
});
