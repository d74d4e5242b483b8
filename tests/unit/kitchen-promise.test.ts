import { describe, expect, it } from "vitest";
import { DUE_SOON_MINUTES, dueAt, nextDueAt, promiseStanding, promiseText } from "@/lib/orders/kitchen-promise";
import { applyPromise, applyRead, boardFrom, columnTickets } from "@/lib/orders/kitchen-board";
import type { KitchenRead, KitchenTicket } from "@/lib/orders/kitchen-rules";
import { delayNote, isDelayable, orderDelaySchema } from "@/lib/orders/delay-rules";

// A kitchen ticket against its promise (product.md §7, §9), with the clock: amber within 10
// minutes of the promise, red once it has passed, always said in words; a scheduled order waits
// in Later until its slot starts within the preparation time.

// 1:45 pm in India on 27 November 2026 (08:15 UTC).
const PROMISE = "2026-11-27T08:15:00.000Z";
const before = (minutes: number, seconds = 0) => Date.parse(PROMISE) - minutes * 60_000 - seconds * 1_000;

describe("the promise on a ticket", () => {
  it("is said in India time, whatever zone this runs in", () => {
    expect(promiseText(PROMISE)).toBe("by 1:45 pm");
    expect(promiseText("2026-11-27T18:40:00.000Z")).toBe("by 12:10 am");
  });

  it.each([
    [60, 0, "normal", null],
    [10, 1, "normal", null],
    [10, 0, "amber", "Due in 10 min"],
    [8, 0, "amber", "Due in 8 min"],
    [7, 30, "amber", "Due in 8 min"],
    [0, 30, "amber", "Due in 1 min"],
    [0, 0, "amber", "Due now"],
    [0, -1, "red", "Late by 1 min"],
    [-5, 0, "red", "Late by 5 min"],
    [-90, 0, "red", "Late by 90 min"],
  ] as const)("%i min %i s before the promise: %s, %s", (minutes, seconds, urgency, words) => {
    expect(promiseStanding(PROMISE, before(minutes, seconds))).toEqual({ urgency, words });
  });

  it("turns amber exactly DUE_SOON_MINUTES before the promise and red the moment it passes, never by minutes since placing", () => {
    expect(DUE_SOON_MINUTES).toBe(10);
    // An order placed two hours before its promise (a slot later in the day) is not urgent for ages.
    expect(promiseStanding(PROMISE, before(119)).urgency).toBe("normal");
    expect(promiseStanding(PROMISE, before(DUE_SOON_MINUTES) + 1).urgency).toBe("amber");
    expect(promiseStanding(PROMISE, Date.parse(PROMISE)).urgency).toBe("amber");
    expect(promiseStanding(PROMISE, Date.parse(PROMISE) + 1).urgency).toBe("red");
  });

  it("every urgent state has words, so colour is never the only signal", () => {
    for (let s = -3_600; s <= 3_600; s += 7) {
      const { urgency, words } = promiseStanding(PROMISE, Date.parse(PROMISE) + s * 1_000);
      expect(urgency === "normal" ? words === null : typeof words === "string" && words.length > 0).toBe(true);
    }
  });
});

const slot = (start: string, minutes = 30) => ({ start, end: new Date(Date.parse(start) + minutes * 60_000).toISOString() });

describe("a scheduled order in Later", () => {
  it("is due once its slot starts within the preparation time", () => {
    const ticket = { deliverySlot: slot("2026-11-27T07:00:00.000Z") }; // 12:30 pm IST
    expect(dueAt(ticket, 30)).toBe(Date.parse("2026-11-27T06:30:00.000Z"));
    expect(dueAt(ticket, 45)).toBe(Date.parse("2026-11-27T06:15:00.000Z"));
  });

  it("the soonest of several falls due first; none waiting, none due", () => {
    const later = [slot("2026-11-27T09:00:00.000Z"), slot("2026-11-27T07:30:00.000Z"), slot("2026-11-28T07:00:00.000Z")];
    expect(
      nextDueAt(
        later.map((deliverySlot) => ({ deliverySlot })),
        20,
      ),
    ).toBe(Date.parse("2026-11-27T07:10:00.000Z"));
    expect(nextDueAt([], 20)).toBeNull();
  });
});

const ticket = (id: string, promisedBy: string): KitchenTicket => ({
  id,
  code: id.toUpperCase(),
  customer: "Asha",
  status: "preparing",
  placedAt: "2026-11-27T07:45:00.000Z",
  promisedBy,
  scheduled: false,
  deliverySlot: slot("2026-11-27T07:45:00.000Z"),
  lines: [],
  rider: null,
});

const readOf = (tickets: KitchenTicket[]): KitchenRead => ({
  columns: { new: [], kitchen: tickets.map((t) => t.id), way: [] },
  counts: { new: 0, kitchen: tickets.length, way: 0 },
  tickets,
  later: { tickets: [], count: 0 },
  prepMinutes: 30,
  readAt: 0,
});

describe("a delay on the open display", () => {
  const LATER = "2026-11-27T08:25:00.000Z";

  it("shows the new promise at once, and a slower read that has not seen it yet does not take it back", () => {
    const board = applyPromise(boardFrom(readOf([ticket("a", PROMISE)])), "a", LATER);
    expect(columnTickets(board, "kitchen")[0].promisedBy).toBe(LATER);
    const stale = applyRead(board, readOf([ticket("a", PROMISE)]));
    expect(columnTickets(stale, "kitchen")[0].promisedBy).toBe(LATER);
    // A read with a later promise still (another display delayed it again) wins.
    const again = applyRead(stale, readOf([ticket("a", "2026-11-27T08:45:00.000Z")]));
    expect(columnTickets(again, "kitchen")[0].promisedBy).toBe("2026-11-27T08:45:00.000Z");
  });

  it("takes the Later list and the preparation time from each read", () => {
    const waiting = { ...ticket("b", "2026-11-27T12:00:00.000Z"), scheduled: true, deliverySlot: slot("2026-11-27T11:30:00.000Z") };
    const board = applyRead(boardFrom(readOf([])), { ...readOf([]), later: { tickets: [waiting], count: 3 }, prepMinutes: 45 });
    expect(board.later).toEqual({ tickets: [waiting], count: 3 });
    expect(board.prepMinutes).toBe(45);
  });
});

describe("the delay's rules", () => {
  it.each([5, 10, 20, 120])("%i minutes is a delay", (delayMinutes) => {
    expect(orderDelaySchema.safeParse({ delayMinutes }).success).toBe(true);
  });

  it.each([4, 121, 0, -10, 10.5, "10", null, undefined])("%s is refused", (delayMinutes) => {
    const result = orderDelaySchema.safeParse({ delayMinutes });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(["delayMinutes"]);
  });

  it("notes the step as the contract writes it, and applies to active orders only", () => {
    expect(delayNote(15)).toBe("delayed 15 min");
    expect(["pending", "confirmed", "preparing", "out_for_delivery"].every((s) => isDelayable(s as never))).toBe(true);
    expect(isDelayable("delivered")).toBe(false);
    expect(isDelayable("cancelled")).toBe(false);
  });
});
