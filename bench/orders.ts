// POST /api/orders under load: a signed-in customer (the admin) placing 3-line orders, each with
// a fresh Idempotency-Key as the shop's checkout sends, so every request really creates an order.
// Two kinds of load (issue 36): ASAP orders, which all compete for the earliest slot with room, as
// a lunch rush does; and orders scheduled for slots spread over the days ahead.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { ADMIN, BROWSER_HEADERS } from "./config";
import { load, warmUp, type LoadOptions, type LoadResult } from "./load";
import { BENCH_MARK } from "./statements";
import type { MailCapture } from "@/tests/support/mail-capture";

export type Session = { token: string; cookieName: string };

type OrderItem = { id: string; name: string; prices: { small: number; medium: number; large: number } };

export type OrderLine = { item: OrderItem; portion: "small" | "medium" | "large"; quantity: number };

export type OrdersResult = LoadResult & { failures: Array<{ status: number; body: string }> };

/**
 * The shop's slots for the bench (product.md §9): a fresh install takes 20 orders a half hour for
 * three days, which the order load fills within seconds (`fully_booked`). The bench's admin opens
 * it wide through PUT /api/store, as an admin would for a rush.
 */
const BENCH_STORE_SETTINGS = { ordersPerSlot: 1000, daysAhead: 7 } as const;

async function openWide(base: string, token: string): Promise<void> {
  const res = await fetch(`${base}/api/store`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(BENCH_STORE_SETTINGS),
  });
  if (!res.ok) throw new Error(`PUT /api/store answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/**
 * Signs in through the API as the bench's admin, and opens the shop wide for the orders to come;
 * the reply's token works as a Bearer token and as the session cookie.
 */
export async function signIn(base: string): Promise<Session> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`POST /api/login answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const { token } = (await res.json()) as { token?: string };
  if (!token) throw new Error("POST /api/login answered without a token");
  // The name the server itself set (`__Host-` prefixed over https), rather than a guess.
  const cookieName =
    res.headers
      .getSetCookie()
      .map((c) => c.split("=")[0])
      .find((name) => name.endsWith("session-token")) ?? "next-auth.session-token";
  await openWide(base, token);
  return { token, cookieName };
}

/** Three available items from the menu API, and the lines the bench orders with them. */
export async function pickLines(base: string): Promise<OrderLine[]> {
  const res = await fetch(`${base}/api/menu`);
  if (!res.ok) throw new Error(`GET /api/menu answered ${res.status}`);
  const menu = (await res.json()) as Array<OrderItem & { available: boolean }>;
  const items = menu.filter((i) => i.available).slice(0, 3);
  if (items.length < 3) throw new Error(`the menu has only ${items.length} available items; the bench orders 3`);
  const portions = ["small", "medium", "large"] as const;
  return items.map((item, i) => ({
    item: { id: item.id, name: item.name, prices: item.prices },
    portion: portions[i],
    quantity: (i % 2) + 1,
  }));
}

/** India's calendar date `days` after today's (India keeps no summer time: a day is 24 h). */
function indiaDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(Date.now() + days * 86_400_000);
}

/**
 * A slot that starts within this long of the list being read may stop taking orders (its lead
 * time) while the rounds run; the shop then rightly refuses it with 409, which is not load.
 */
const SLOT_MARGIN_MS = 3 * 60 * 60_000;

/**
 * Every slot a customer may schedule from now to `daysAhead` days on (GET /api/slots), in time
 * order, less those starting in the next three hours; the scheduled load takes them in turn, so
 * its orders spread over all of them.
 */
export async function schedulableSlots(base: string): Promise<string[]> {
  const starts: string[] = [];
  const soon = Date.now() + SLOT_MARGIN_MS;
  for (let day = 0; day <= BENCH_STORE_SETTINGS.daysAhead; day++) {
    const res = await fetch(`${base}/api/slots?date=${indiaDate(day)}`);
    if (!res.ok) throw new Error(`GET /api/slots answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const slots = (await res.json()) as Array<{ start: string; available: boolean }>;
    starts.push(...slots.filter((s) => s.available && Date.parse(s.start) > soon).map((s) => s.start));
  }
  if (starts.length === 0) throw new Error("GET /api/slots offers no slot in the days ahead");
  return starts;
}

function orderBody(lines: OrderLine[], deliverAt: string = "asap", couponCode?: string): string {
  return JSON.stringify({
    items: lines.map((l) => ({ id: l.item.id, portion: l.portion, quantity: l.quantity })),
    address: { name: "Bench Customer", phone: "9876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
    paymentMethod: "Cash on Delivery",
    deliverAt,
    ...(couponCode && { couponCode }),
  });
}

function orderRequest(base: string, session: Session, lines: OrderLine[], couponCode?: string) {
  return {
    url: `${base}/api/orders`,
    headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
    body: orderBody(lines, "asap", couponCode),
  };
}

/** The code every order of the coupon load carries: one code for all, as a flash sale has. */
const BENCH_COUPON = "BENCH10";

/**
 * Creates the bench's offer (product.md §13) as its admin: 10 % off, capped, with uses enough for
 * every order of the run (the bench's orders are all the admin's), and returns its code.
 */
export async function benchCoupon(base: string, session: Session): Promise<string> {
  const res = await fetch(`${base}/api/offers`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      code: BENCH_COUPON,
      kind: "percent",
      percent: 10,
      maxDiscount: 100,
      perCustomer: 1_000_000,
      totalUses: 1_000_000,
    }),
  });
  // 409: made by an earlier run on this database.
  if (!res.ok && res.status !== 409) throw new Error(`POST /api/offers answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return BENCH_COUPON;
}

/** One order by hand first, so a broken setup fails with the server's own message, not 10 s of errors. */
export async function placeOneOrder(base: string, session: Session, lines: OrderLine[]): Promise<string> {
  const { url, headers, body } = orderRequest(base, session, lines);
  const res = await fetch(url, { method: "POST", headers: { ...headers, ...BROWSER_HEADERS, "idempotency-key": randomUUID() }, body });
  if (res.status !== 201) throw new Error(`POST /api/orders answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { order: { id: string } }).order.id;
}

export type OrderLoadOptions = {
  seconds?: number;
  warmUp?: boolean;
  /** Scheduled orders, for these slot starts in turn (schedulableSlots); unset: ASAP orders. */
  slots?: string[];
  /** ASAP orders that all carry this coupon code (benchCoupon). */
  couponCode?: string;
};

export async function runOrderLoad(
  base: string,
  session: Session,
  lines: OrderLine[],
  options: OrderLoadOptions = {},
): Promise<OrdersResult> {
  const { url, headers, body } = orderRequest(base, session, lines, options.couponCode);
  const failures: OrdersResult["failures"] = [];
  const { slots } = options;
  const bodies = slots?.map((start) => orderBody(lines, start));
  let next = 0;
  const common: LoadOptions = {
    method: "POST",
    headers,
    body,
    // A fresh key per request: with a repeated key the shop would replay the first order.
    setupRequest: (req) => ({
      ...req,
      headers: { ...req.headers, "idempotency-key": randomUUID() },
      ...(bodies && { body: bodies[next++ % bodies.length] }),
    }),
  };
  if (options.warmUp !== false) await warmUp(url, common);
  const result = await load(url, {
    ...common,
    label: "POST /api/orders",
    seconds: options.seconds,
    onResponse: (status, responseBody) => {
      if ((status < 200 || status >= 300) && failures.length < 5) failures.push({ status, body: responseBody.slice(0, 300) });
    },
  });
  return { ...result, failures };
}

/**
 * Waits until the mail worker has sent every queued mail (the orders' confirmations go out after
 * their replies), so that work is charged to the orders and not to whatever is measured next.
 */
export async function drainMailQueue(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const { rows } = await pool.query<{ n: number }>(`SELECT ${BENCH_MARK} count(*)::int AS n FROM graphile_worker.jobs`);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    console.error("[bench] the mail queue was not empty after 60 s; going on");
  } finally {
    await pool.end();
  }
}

/** How many mails reached the capture server since the last call; it forgets them (thousands a run). */
export function takeMails(mail: MailCapture): number {
  return mail.mails.splice(0).length;
}
