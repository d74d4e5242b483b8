import { describe, expect, it } from "vitest";
import { accessFor } from "@/lib/auth/routes";
import {
  canCancel,
  columnOf,
  compareTickets,
  furtherStatus,
  KITCHEN_COLUMNS,
  kitchenTitle,
  minutesSince,
  moreText,
  movedMessage,
  nextStep,
  type KitchenTicket,
} from "@/lib/orders/kitchen-rules";

// The kitchen display's pure rules (product.md §7).

const PLACED = "2026-11-23T18:00:00.000Z";
const at = (minutes: number, seconds = 0) => Date.parse(PLACED) + minutes * 60_000 + seconds * 1_000;

const ticket = (id: string, status: KitchenTicket["status"], placedAt = PLACED): KitchenTicket => ({
  id,
  code: id.toUpperCase(),
  customer: "Asha",
  status,
  placedAt,
  promisedBy: "2026-11-23T18:30:00.000Z",
  scheduled: false,
  deliverySlot: { start: PLACED, end: "2026-11-23T18:30:00.000Z" },
  lines: [{ quantity: 2, name: "Grilled Chicken Caesar", portion: "medium", options: [], note: null }],
  rider: null,
});

describe("minutes since placed", () => {
  it.each([
    [0, 0, 0],
    [0, 59, 0],
    [1, 0, 1],
    [12, 30, 12],
    [95, 0, 95],
  ])("%i min %i s after placing shows %i min", (minutes, seconds, shown) => {
    expect(minutesSince(PLACED, at(minutes, seconds))).toBe(shown);
  });

  it("is never negative when this clock is a little behind the server's", () => {
    expect(minutesSince(PLACED, at(0, -40))).toBe(0);
  });
});

describe("the next step", () => {
  it.each([
    ["pending", "Accept", "confirmed"],
    ["confirmed", "Start preparing", "preparing"],
    ["preparing", "Out for delivery", "out_for_delivery"],
    ["out_for_delivery", "Delivered", "delivered"],
  ] as const)("%s: the button says %s and moves it to %s", (status, label, to) => {
    expect(nextStep(status)).toEqual({ label, to });
  });

  it("offers Cancel on new and accepted tickets only", () => {
    expect(canCancel("pending")).toBe(true);
    expect(canCancel("confirmed")).toBe(true);
    expect(canCancel("preparing")).toBe(false);
    expect(canCancel("out_for_delivery")).toBe(false);
  });

  it("says what happened", () => {
    expect(movedMessage("AB12CD34", "confirmed")).toBe("Order #AB12CD34 accepted");
    expect(movedMessage("AB12CD34", "cancelled")).toBe("Order #AB12CD34 cancelled");
  });
});

describe("columns", () => {
  it("are New, In the kitchen and On the way, oldest first (the same millisecond by id)", () => {
    expect(KITCHEN_COLUMNS.map((c) => c.title)).toEqual(["New", "In the kitchen", "On the way"]);
    expect((["pending", "confirmed", "preparing", "out_for_delivery"] as const).map(columnOf)).toEqual([
      "new",
      "kitchen",
      "kitchen",
      "way",
    ]);
    const tickets = [
      ticket("late", "preparing", "2026-11-23T18:05:00.000Z"),
      ticket("b", "confirmed", "2026-11-23T17:50:00.000Z"),
      ticket("a", "confirmed", "2026-11-23T17:50:00.000Z"),
    ];
    expect([...tickets].sort(compareTickets).map((t) => t.id)).toEqual(["a", "b", "late"]);
  });

  it("say in words how many more they hold than they show", () => {
    expect(moreText(212)).toBe("and 212 more");
  });

  it("a move this display made wins over an older read, never the other way", () => {
    expect(furtherStatus("pending", "confirmed")).toBe("confirmed");
    expect(furtherStatus("preparing", "confirmed")).toBe("preparing");
    expect(furtherStatus("confirmed", "cancelled")).toBe("cancelled");
    expect(furtherStatus("out_for_delivery", "delivered")).toBe("delivered");
  });
});

describe("the tab title", () => {
  it("counts the new orders in front", () => {
    expect(kitchenTitle(2)).toBe("(2) Kitchen · Fresh Bowl");
    expect(kitchenTitle(0)).toBe("Kitchen · Fresh Bowl");
  });
});

it("the display is an admin page", () => {
  expect(accessFor("/admin/kitchen")).toBe("admin");
});
