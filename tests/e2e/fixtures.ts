import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomBytes, randomUUID } from "node:crypto";
import type { CapturedMail } from "@/tests/support/mail-capture";
import { LoginPage } from "./pages/login";
import { runAlone, runBeside } from "./lock";
import { ADMIN, shop as shopOf, type Shop } from "./shops";

// The end-to-end specs' shared steps as Playwright fixtures: import `test` and `expect` from here.
// Each worker has a shop of its own (tests/e2e/shops.ts): `baseURL`, the mailbox and the admin's
// API are that shop's. Each test gets its own client address (X-Forwarded-For, which the e2e
// server trusts), so the per-IP limits of one test never spill into another.

export { ADMIN };
export const PASSWORD = "crunchy-greens-42";
export const ADDRESS = { phone: "9876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" };

export type Account = { email: string; password: string; name: string };
/** A confirmed customer and their API token (Bearer). */
export type Customer = Account & { token: string };
export type MenuItem = {
  id: string;
  name: string;
  image: string;
  prices: { small: number; medium: number; large: number };
  available: boolean;
};
type Portion = "small" | "medium" | "large";
type PaymentMethod = "Cash on Delivery" | "UPI" | "Card";

/** Rupees as the shop writes them (₹1,234), to compare with what a page shows. */
export const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;

/** The code a customer sees for an order (the id's last 8 characters, upper case). */
export const orderCode = (id: string) => id.slice(-8).toUpperCase();

/** A short random tag, to make names unique to one test. */
export const tag = () => randomBytes(3).toString("hex");

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

/** A random client IP for X-Forwarded-For (the e2e server trusts it), so rate limits stay per test. */
export function randomIp() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A fresh install's store settings: open round the clock, 30-minute slots of 20 orders. */
export const FRESH_HOURS = Object.fromEntries(
  ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, [{ open: "00:00", close: "24:00" }]]),
);
export const FRESH_STORE = { hours: FRESH_HOURS, closedDates: [], slotMinutes: 30, ordersPerSlot: 20, prepMinutes: 30, daysAhead: 2 };

/** The mails the shop's capture server (tests/support/mail-capture.ts) received. */
export class Mailbox {
  constructor(
    private readonly request: APIRequestContext,
    private readonly url: string,
  ) {}

  async to(email: string): Promise<CapturedMail[]> {
    const res = await this.request.get(`${this.url}/emails`);
    const all = (await res.json()) as CapturedMail[];
    return all.filter((m) => m.to.includes(email));
  }

  /** Waits for the newest mail to `email` whose subject matches, and returns the link in it. */
  async link(email: string, subject: RegExp, pathPrefix: string): Promise<string> {
    let link = "";
    await expect
      .poll(async () => {
        const mail = (await this.to(email)).filter((m) => subject.test(m.subject)).at(-1);
        const match = mail?.text.match(new RegExp(`https?://\\S+${pathPrefix}[A-Za-z0-9_-]+`));
        link = match?.[0] ?? "";
        return link;
      })
      .not.toBe("");
    return link;
  }
}

/** An order's body for POST /api/orders: items, delivered to `name` at ADDRESS (or `zip`). */
export type OrderRequest = {
  items: { id: string; portion: Portion; quantity: number }[];
  name: string;
  paymentMethod?: PaymentMethod;
  deliverAt?: string;
};

/** The shop's JSON API as a quick client uses it: accounts, tokens, the menu, orders. */
export class ShopApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly mailbox: Mailbox,
  ) {}

  /** Registers and confirms an account, the way a quick client would. */
  async customer(name = "Asha Rao"): Promise<Account> {
    const email = uniqueEmail();
    const res = await this.request.post("/api/register", {
      data: { name, email, password: PASSWORD },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(res.status()).toBe(201);
    const link = await this.mailbox.link(email, /confirm/i, "/confirm/");
    const token = link.split("/confirm/")[1];
    expect((await this.request.get(`/api/confirm/${token}`)).status()).toBe(200);
    return { email, password: PASSWORD, name };
  }

  /** A new confirmed customer, signed in through the API (its token). */
  async customerWithToken(name?: string): Promise<Customer> {
    const account = await this.customer(name);
    return { ...account, token: await this.tokenFor(account.email, account.password) };
  }

  async tokenFor(email: string, password: string): Promise<string> {
    const res = await this.request.post("/api/login", { data: { email, password }, headers: { "x-forwarded-for": randomIp() } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  /** The items on sale now. */
  async menu<Item extends { available: boolean } = MenuItem>(): Promise<Item[]> {
    const res = await this.request.get("/api/menu");
    expect(res.status()).toBe(200);
    return ((await res.json()) as Item[]).filter((i) => i.available);
  }

  /** Places an order as `token`'s holder, as an API client does (with an Idempotency-Key), and expects it to be taken. */
  async order<Order>(token: string, { items, name, paymentMethod = "Cash on Delivery", deliverAt }: OrderRequest): Promise<Order> {
    const res = await this.request.post("/api/orders", {
      headers: { authorization: `Bearer ${token}`, "Idempotency-Key": randomUUID() },
      data: { items, address: { name, ...ADDRESS }, paymentMethod, ...(deliverAt ? { deliverAt } : {}) },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { order: Order }).order;
  }

  /**
   * 2 × the first available bowl (medium) and 1 × the second (small), delivered to `addressName`,
   * paid on delivery so the kitchen has it at once (UPI or Card would wait for a payment first).
   */
  async placeOrder<Order>(token: string, addressName: string, paymentMethod: PaymentMethod = "Cash on Delivery") {
    const [first, second] = await this.menu();
    const items = [
      { id: first.id, portion: "medium" as const, quantity: 2 },
      { id: second.id, portion: "small" as const, quantity: 1 },
    ];
    const order = await this.order<Order>(token, { items, name: addressName, paymentMethod });
    return { order, items: [first, second] as const };
  }

  /** `token`'s holder's orders, newest first. */
  async ordersOf<Order>(token: string): Promise<Order[]> {
    const res = await this.request.get("/api/orders", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return (await res.json()) as Order[];
  }

  /** One order as `token`'s holder reads it. */
  async orderOf<Order>(token: string, id: string): Promise<Order> {
    const res = await this.request.get(`/api/orders/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return (await res.json()) as Order;
  }

  /** An order's status as `token`'s holder reads it. */
  async statusOf(token: string, id: string): Promise<string> {
    return (await this.orderOf<{ status: string }>(token, id)).status;
  }

  /** Moves an order on as `token`'s holder (an admin, or its customer cancelling) and expects it to succeed. */
  async moveOrder(token: string, id: string, status: string): Promise<void> {
    const res = await this.request.patch(`/api/orders/${id}`, { headers: { authorization: `Bearer ${token}` }, data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }

  /** An order's bill (GET /api/orders/{id}/invoice) as `token`'s holder reads it. */
  async invoiceOf<Invoice>(token: string, id: string): Promise<Invoice> {
    const res = await this.request.get(`/api/orders/${id}/invoice`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return (await res.json()) as Invoice;
  }

  /** Takes an order through the kitchen to its door as the admin: confirmed, preparing, out for delivery, delivered. */
  async deliver(adminToken: string, id: string): Promise<void> {
    for (const status of ["confirmed", "preparing", "out_for_delivery", "delivered"]) await this.moveOrder(adminToken, id, status);
  }
}

/**
 * The admin's side of the worker's shop through the API, in a request context of its own (no
 * test's cookies): what tests set up before they start, and the fresh install they put back.
 */
export class AdminApi {
  private token: Promise<string> | undefined;

  constructor(readonly request: APIRequestContext) {}

  /** Authorization for the admin, signed in once per worker. */
  async headers(): Promise<{ authorization: string }> {
    this.token ??= this.request
      .post("/api/login", { data: ADMIN })
      .then(async (res) => (expect(res.status()).toBe(200), ((await res.json()) as { token: string }).token));
    return { authorization: `Bearer ${await this.token}` };
  }

  /** The admin's token, for ShopApi's calls made as the admin. */
  async bearer(): Promise<string> {
    return (await this.headers()).authorization.replace("Bearer ", "");
  }

  /** PUT, POST, PATCH or DELETE as the admin, expecting 200 (or `status`). */
  async send(method: "PUT" | "POST" | "PATCH" | "DELETE", path: string, data?: unknown, status = 200) {
    const res = await this.request.fetch(path, { method, headers: await this.headers(), data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(status);
    return res;
  }

  /** Puts the fresh install back: hours and slots, no delivery areas, no pause, no business details. */
  async freshInstall() {
    await this.send("PUT", "/api/store", FRESH_STORE);
    await this.send("PUT", "/api/delivery-areas", []);
    await this.send("DELETE", "/api/store/pause");
    await this.send("DELETE", "/api/store/business");
  }
}

/** The gateway's Checkout dialog (the imitation's frame, from the gateway's own origin), as a customer meets it. */
export function checkoutDialog(page: Page) {
  return page.frameLocator('iframe[title="Razorpay Checkout"]');
}

/** Presses the Checkout dialog's Pay (or Fail) button, once the dialog shows. */
export async function payInCheckout(page: Page, button: "Pay" | "Fail" = "Pay") {
  await checkoutDialog(page).getByRole("button", { name: button, exact: true }).click();
}

type Fixtures = {
  mailbox: Mailbox;
  shopApi: ShopApi;
  /** A new confirmed customer with an API token, for tests whose subject is not signing up. */
  customer: Customer;
  /** `customer`, signed in on `page` through /login. */
  shopper: Customer;
  /** Signs `page` in through /login. */
  signIn: (page: Page, email: string, password: string) => Promise<void>;
  /** Signs `page` in as the admin, who lands on /admin/dashboard. */
  signInAsAdmin: (page: Page) => Promise<void>;
  /** A page in a second browser (its own cookies and client address), closed after the test. */
  newBrowserPage: () => Promise<Page>;
  /** The same with the admin signed in on it (landed on /admin/dashboard). */
  newAdminPage: () => Promise<Page>;
  /** A new confirmed customer named `name` and their order (placeOrder's, cash), delivered by the admin. */
  deliveredOrder: <Order extends { id: string }>(name: string) => Promise<{ customer: Customer; order: Order }>;
  /** Runs beside the other workers' tests, or (tagged @alone) while none runs. */
  machine: void;
};

type WorkerFixtures = {
  /** This worker's shop: its address and its mail capture's. */
  shop: Shop;
  adminApi: AdminApi;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  shop: [async ({}, provide, workerInfo) => provide(shopOf(workerInfo.parallelIndex)), { scope: "worker" }],
  adminApi: [
    async ({ playwright, shop }, provide) => {
      const request = await playwright.request.newContext({ baseURL: shop.url, extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
      await provide(new AdminApi(request));
      await request.dispose();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ shop }, provide) => provide(shop.url),
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ "x-forwarded-for": randomIp(), ...extraHTTPHeaders });
  },
  machine: [
    async ({}, provide, testInfo) => {
      const alone = testInfo.tags.includes("@alone");
      const started = Date.now();
      const release = await (alone ? runAlone : runBeside)(testInfo.parallelIndex);
      // The wait for the others is no part of this test's time.
      testInfo.setTimeout(testInfo.timeout + (Date.now() - started));
      await provide();
      await release();
    },
    { auto: true },
  ],
  mailbox: async ({ request, shop }, provide) => {
    await provide(new Mailbox(request, shop.mailUrl));
  },
  shopApi: async ({ request, mailbox }, provide) => {
    await provide(new ShopApi(request, mailbox));
  },
  customer: async ({ shopApi }, provide) => {
    await provide(await shopApi.customerWithToken());
  },
  shopper: async ({ page, customer }, provide) => {
    await new LoginPage(page).signInThroughApi(customer.email, customer.password);
    await provide(customer);
  },
  signIn: async ({}, provide) => {
    await provide((page, email, password) => new LoginPage(page).signIn(email, password));
  },
  signInAsAdmin: async ({}, provide) => {
    await provide((page) => new LoginPage(page).signInAsAdmin());
  },
  newBrowserPage: async ({ browser }, provide) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await provide(async () => {
      const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": randomIp() } });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
  newAdminPage: async ({ newBrowserPage }, provide) => {
    await provide(async () => {
      const page = await newBrowserPage();
      await new LoginPage(page).signInAsAdmin();
      return page;
    });
  },
  deliveredOrder: async ({ shopApi, adminApi }, provide) => {
    await provide(async <Order extends { id: string }>(name: string) => {
      const customer = await shopApi.customerWithToken(name);
      const { order } = await shopApi.placeOrder<Order>(customer.token, customer.name);
      await shopApi.deliver(await adminApi.bearer(), order.id);
      return { customer, order };
    });
  },
});

export { expect };

/**
 * The layout shifts since the page's navigation began, once two more frames have passed: each as
 * its value and the names of the nodes it moved. With `within`, only shifts that moved something
 * inside the element this selector finds.
 */
export async function layoutShifts(page: Page, within?: string): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      new Promise<string[]>((resolve) => {
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
        const scope = selector ? document.querySelector(selector) : null;
        const shifts: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            const nodes = entry.sources.map((s) => s.node).filter((node) => !selector || (node && scope?.contains(node)));
            if (nodes.length) shifts.push(`${entry.value.toFixed(3)} ${nodes.map((node) => node?.nodeName ?? "?").join(",")}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(shifts)));
      }),
    within,
  );
}
