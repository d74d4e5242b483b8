import { describe, expect, it } from "vitest";
import { backoffDelay } from "@/lib/realtime/backoff";
import { eventFor, parseNotice } from "@/lib/realtime/notice";

// The pure parts of live updates: reading the database's notices, who hears of what, and the
// reconnect delays.

describe("parseNotice", () => {
  it("reads the triggers' payloads", () => {
    expect(parseNotice('{"type":"order","id":"o1","userId":"u1","status":"confirmed"}')).toEqual({
      type: "order",
      id: "o1",
      userId: "u1",
      status: "confirmed",
      riderIds: [],
    });
    expect(parseNotice('{"type":"order","id":"o1","userId":"u1","status":"confirmed","riderIds":["r1",2]}')).toMatchObject({
      riderIds: ["r1"],
    });
    expect(parseNotice('{"type":"menu"}')).toEqual({ type: "menu" });
    expect(parseNotice('{"type":"riders"}')).toEqual({ type: "riders" });
    expect(parseNotice('{"type":"session","userId":"u1"}')).toEqual({ type: "session", userId: "u1" });
  });

  it("ignores anything else instead of failing", () => {
    for (const payload of [
      undefined,
      "",
      "not json",
      "null",
      "42",
      '{"type":"order","id":"o1","userId":"u1","status":"eaten"}',
      '{"type":"order","id":1}',
      '{"type":"other"}',
      '{"type":"session"}',
      '{"tags":["menu"],"stale":1}',
    ])
      expect(parseNotice(payload), String(payload)).toBeNull();
  });
});

describe("eventFor: who hears of what", () => {
  const order = { type: "order", id: "o1", userId: "asha", status: "pending", riderIds: ["ravi"] } as const;

  it("an admin hears of every order, with its id and status only", () => {
    expect(eventFor({ id: "kitchen", role: "admin" }, order)).toEqual({ type: "order", id: "o1", status: "pending" });
  });

  it("a customer hears of their own orders and never of another's", () => {
    expect(eventFor({ id: "asha", role: "user" }, order)).toEqual({ type: "order", id: "o1", status: "pending" });
    expect(eventFor({ id: "vikram", role: "user" }, order)).toBeNull();
  });

  it("a rider hears of the orders given to them or taken from them, not of others", () => {
    expect(eventFor({ id: "ravi", role: "rider" }, order)).toEqual({ type: "order", id: "o1", status: "pending" });
    expect(eventFor({ id: "mohan", role: "rider" }, order)).toBeNull();
  });

  it("only admins hear that the riders changed", () => {
    expect(eventFor({ id: "kitchen", role: "admin" }, { type: "riders" })).toEqual({ type: "riders" });
    expect(eventFor({ id: "asha", role: "user" }, { type: "riders" })).toBeNull();
    expect(eventFor({ id: "ravi", role: "rider" }, { type: "riders" })).toBeNull();
  });

  it("the owner's and riders' ids never reach the browser", () => {
    expect(JSON.stringify(eventFor({ id: "ravi", role: "rider" }, order))).not.toContain("ravi");
    expect(JSON.stringify(eventFor({ id: "asha", role: "user" }, order))).not.toContain("asha");
    expect(JSON.stringify(eventFor({ id: "kitchen", role: "admin" }, order))).not.toContain("asha");
  });

  it("everyone hears of menu changes and resyncs", () => {
    expect(eventFor({ id: "vikram", role: "user" }, { type: "menu" })).toEqual({ type: "menu" });
    expect(eventFor({ id: "vikram", role: "user" }, { type: "resync" })).toEqual({ type: "resync" });
  });
});

describe("backoffDelay", () => {
  const policy = { baseMs: 500, maxMs: 15_000 };

  it("doubles up to the cap, between half the bound and the bound", () => {
    expect(backoffDelay(0, policy, () => 0)).toBe(250);
    expect(backoffDelay(0, policy, () => 1)).toBe(500);
    expect(backoffDelay(3, policy, () => 1)).toBe(4_000);
    expect(backoffDelay(10, policy, () => 1)).toBe(15_000);
    expect(backoffDelay(10, policy, () => 0)).toBe(7_500);
    expect(backoffDelay(1_000, policy, () => 0.5)).toBe(11_250);
  });
});
