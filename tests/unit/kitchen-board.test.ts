import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boardFrom, columnTickets, type KitchenBoard } from "@/lib/orders/kitchen-board";
import { followKitchen, GATHER_MS } from "@/lib/orders/kitchen-feed";
import {
  COLUMN_KEYS,
  COLUMN_TICKETS,
  columnOf,
  compareTickets,
  isActiveStatus,
  type KitchenRead,
  type KitchenTicket,
  type TicketsWanted,
} from "@/lib/orders/kitchen-rules";
import type { OrderStatus } from "@/lib/orders/status";

// The open display against a stand-in for the server (the read's rules, as lib/orders/kitchen.ts
// runs them in SQL): a notice reads only the ticket it names, a burst of notices shares one read,
// and whatever happens, once the reads have landed each column shows its oldest tickets and
// counts every one.

type Stored = { id: string; status: OrderStatus; placedAt: string };
const NEXT: Partial<Record<OrderStatus, OrderStatus>> = {
  pending: "confirmed",
  confirmed: "preparing",
  preparing: "out_for_delivery",
  out_for_delivery: "delivered",
};

const placed = (n: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, 0) + n * 1_000).toISOString();
const ticketOf = (o: Stored): KitchenTicket => {
  if (!isActiveStatus(o.status)) throw new Error(`${o.id} is not active`);
  const slot = { start: o.placedAt, end: new Date(Date.parse(o.placedAt) + 30 * 60_000).toISOString() };
  return {
    id: o.id,
    code: o.id.toUpperCase(),
    customer: "Asha",
    status: o.status,
    placedAt: o.placedAt,
    promisedBy: slot.end,
    scheduled: false,
    deliverySlot: slot,
    lines: [],
    rider: null,
  };
};

/** The server: its orders, and the read's rules over them. */
class Shop {
  orders = new Map<string, Stored>();
  /** The tickets each read asked for in full. */
  reads: TicketsWanted[] = [];

  add(id: string, status: OrderStatus, at: number) {
    this.orders.set(id, { id, status, placedAt: placed(at) });
  }

  active(): KitchenTicket[] {
    return [...this.orders.values()]
      .filter((o) => isActiveStatus(o.status))
      .map(ticketOf)
      .sort(compareTickets);
  }

  read(wanted: TicketsWanted): KitchenRead {
    this.reads.push(wanted);
    const active = this.active();
    const inColumn = (k: string) => active.filter((t) => columnOf(t.status) === k);
    const columns = Object.fromEntries(
      COLUMN_KEYS.map((k) => [
        k,
        inColumn(k)
          .slice(0, COLUMN_TICKETS)
          .map((t) => t.id),
      ]),
    ) as KitchenRead["columns"];
    const counts = Object.fromEntries(COLUMN_KEYS.map((k) => [k, inColumn(k).length])) as KitchenRead["counts"];
    const listed = new Set(Object.values(columns).flat());
    const tickets = active.filter((t) => (wanted === "board" ? listed.has(t.id) : wanted.includes(t.id)));
    return { columns, counts, tickets, later: { tickets: [], count: 0 }, prepMinutes: 30, readAt: 0 };
  }

  /** What the display should show once it has caught up. */
  truth() {
    return Object.fromEntries(
      COLUMN_KEYS.map((k) => {
        const all = this.active().filter((t) => columnOf(t.status) === k);
        return [k, { shown: all.slice(0, COLUMN_TICKETS).map((t) => t.id), count: all.length }];
      }),
    );
  }
}

const seen = (board: KitchenBoard) =>
  Object.fromEntries(COLUMN_KEYS.map((k) => [k, { shown: columnTickets(board, k).map((t) => t.id), count: board.counts[k] }]));

/** The display following `shop`, with its timers and its reads' replies in the test's hands. */
function display(shop: Shop) {
  const timers: Array<() => void> = [];
  const replies: Array<() => void> = [];
  const initial = shop.read("board");
  let board = boardFrom(initial);
  const arrivals: string[] = [];
  let sent = 0;
  const feed = followKitchen(
    initial,
    { onBoard: (b) => (board = b), onArrivals: (t) => arrivals.push(...t.map((x) => x.id)) },
    {
      // The reply arrives when the test lets it, read when it was asked for or (every other one)
      // only as it lands, so changes made meanwhile are in it although their notices came later.
      read: (wanted) => {
        const early = (sent++ % 2 === 0 && shop.read(wanted)) || null;
        return new Promise((resolve) => replies.push(() => resolve(early ?? shop.read(wanted))));
      },
      setTimeout: (fn, ms) => {
        expect(ms).toBeGreaterThanOrEqual(GATHER_MS);
        timers.push(fn);
        return fn;
      },
      clearTimeout: () => undefined,
    },
  );
  shop.reads = [];
  /** Lands the replies of the reads in flight, then sends the reads that are due: those stay in flight until the next step. */
  const step = async () => {
    const [landing, due] = [replies.splice(0), timers.splice(0)];
    landing.forEach((land) => land());
    await new Promise((r) => setTimeout(r, 0));
    due.forEach((fn) => fn());
    await new Promise((r) => setTimeout(r, 0));
    return landing.length + due.length > 0;
  };
  return {
    feed,
    arrivals,
    board: () => board,
    step,
    settle: async () => {
      while (await step());
    },
  };
}

function busyShop(perStatus: Partial<Record<OrderStatus, number>>): Shop {
  const shop = new Shop();
  let n = 0;
  for (const [status, count] of Object.entries(perStatus))
    for (let i = 0; i < count!; i++, n++) shop.add(`o${n}`, status as OrderStatus, n);
  return shop;
}

describe("the display following its shop", () => {
  it("reads a new order's ticket alone for its notice, and when a shown ticket leaves, the next one alone", async () => {
    const shop = busyShop({ pending: 45, confirmed: 40, out_for_delivery: 10 });
    const d = display(shop);
    shop.add("fresh", "pending", 1_000);
    d.feed.notice("fresh");
    await d.settle();
    expect(shop.reads).toEqual([["fresh"]]);
    expect(seen(d.board()).new).toEqual({ shown: shop.truth().new.shown, count: 46 });
    expect(d.arrivals).toEqual(["fresh"]);

    shop.orders.get("o3")!.status = "cancelled";
    d.feed.notice("o3");
    await d.settle();
    // The cancelled one's read lists the column again, with the 31st oldest in view: read next, alone.
    expect(shop.reads.slice(1)).toEqual([["o3"], [shop.truth().new.shown.at(-1)]]);
    expect(seen(d.board())).toEqual(shop.truth());
  });

  it("reads a burst of notices once, and a notice during a read in the next one", async () => {
    const shop = busyShop({ pending: 45, confirmed: 40 });
    const d = display(shop);
    for (let i = 0; i < 20; i++) {
      shop.add(`burst${i}`, "pending", 1_000 + i);
      d.feed.notice(`burst${i}`);
    }
    await d.step(); // the gathered notices' one read goes out
    expect(shop.reads).toHaveLength(1);
    expect(shop.reads[0]).toHaveLength(20);
    shop.add("late", "pending", 2_000);
    d.feed.notice("late");
    await d.settle();
    expect(shop.reads).toEqual([shop.reads[0], ["late"]]);
    expect(seen(d.board())).toEqual(shop.truth());
    expect(d.arrivals).toHaveLength(21);
  });

  it("shows its own move at once, and keeps it when a read that was out lands without it", async () => {
    const shop = busyShop({ pending: 40 });
    const d = display(shop);
    shop.add("newest", "pending", 1_000);
    d.feed.notice("newest");
    await d.step(); // its read is out
    const accepted = columnTickets(d.board(), "new")[5];
    shop.orders.get(accepted.id)!.status = "confirmed";
    d.feed.moved(accepted, "confirmed");
    expect(columnTickets(d.board(), "kitchen").map((t) => [t.id, t.status])).toEqual([[accepted.id, "confirmed"]]);
    await d.step(); // the read sent before the move lands: it still lists the order as new
    expect(columnTickets(d.board(), "kitchen").map((t) => t.id)).toEqual([accepted.id]);
    expect(columnTickets(d.board(), "new").map((t) => t.id)).not.toContain(accepted.id);
    d.feed.notice(accepted.id);
    await d.settle();
    expect(seen(d.board())).toEqual(shop.truth());
  });

  it("shows exactly what the shop holds once its reads land, whatever happened meanwhile", async () => {
    type Op = { kind: "place" | "advance" | "cancel" | "own move" | "resync" | "deliver reads"; pick: number };
    const op = fc.record({
      kind: fc.constantFrom<Op["kind"]>("place", "advance", "cancel", "own move", "resync", "deliver reads"),
      pick: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 3 }), { minLength: 100, maxLength: 160 }),
        fc.array(op, { maxLength: 80 }),
        async (statuses, ops) => {
          const shop = new Shop();
          statuses.forEach((s, n) => shop.add(`o${n}`, (["pending", "confirmed", "preparing", "out_for_delivery"] as const)[s], n));
          const d = display(shop);
          let next = statuses.length;
          for (const { kind, pick } of ops) {
            const active = shop.active();
            const target = active[pick % Math.max(1, active.length)];
            if (kind === "place") {
              const id = `o${next}`;
              shop.add(id, "pending", next++);
              d.feed.notice(id);
            } else if (kind === "resync") d.feed.resync();
            else if (kind === "deliver reads") await d.step();
            else if (target) {
              const stored = shop.orders.get(target.id)!;
              const to =
                kind === "cancel" ? (["pending", "confirmed"].includes(stored.status) ? "cancelled" : undefined) : NEXT[stored.status];
              if (!to) continue;
              stored.status = to;
              // The display's own button: it shows the move once the server agreed, and the stream's
              // notice may come before or after that reply.
              const own =
                kind === "own move" && COLUMN_KEYS.map((k) => columnTickets(d.board(), k).find((t) => t.id === target.id)).find(Boolean);
              if (own && pick % 2 === 0) {
                d.feed.notice(target.id);
                await d.step();
                d.feed.moved(own, to);
              } else {
                if (own) d.feed.moved(own, to);
                d.feed.notice(target.id);
              }
            }
          }
          await d.settle();
          expect(seen(d.board())).toEqual(shop.truth());
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});
