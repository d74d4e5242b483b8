import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { randomBytes, randomUUID } from "node:crypto";
import type { CapturedMail } from "@/tests/support/mail-capture";

// The end-to-end specs' shared steps as Playwright fixtures: import `test` and `expect` from here.
// Each test gets its own client address (X-Forwarded-For, which the e2e server trusts), so the
// per-IP limits of one test never spill into another.

const MAIL_URL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 3124}`;
export const ADMIN = { email: "admin@e2e.test", password: "kitchen-admin-e2e-pass" };
export const PASSWORD = "crunchy-greens-42";
export const ADDRESS = { phone: "9876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" };

export type Account = { email: string; password: string; name: string };
export type MenuItem = { id: string; name: string; prices: { small: number; medium: number; large: number }; available: boolean };

/** Rupees as the shop writes them (₹1,234), to compare with what a page shows. */
export const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${randomBytes(5).toString("hex")}@example.com`;
}

/** A random client IP for X-Forwarded-For (the e2e server trusts it), so rate limits stay per test. */
export function randomIp() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** The mails the capture server (tests/support/mail-capture.ts) received. */
export class Mailbox {
  constructor(private readonly request: APIRequestContext) {}

  async to(email: string): Promise<CapturedMail[]> {
    const res = await this.request.get(`${MAIL_URL}/emails`);
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

  /**
   * 2 × the first available bowl (medium) and 1 × the second (small), delivered to `addressName`,
   * paid on delivery so the kitchen has it at once (UPI or Card would wait for a payment first).
   */
  async placeOrder<Order>(token: string, addressName: string, paymentMethod: "Cash on Delivery" | "UPI" | "Card" = "Cash on Delivery") {
    const [first, second] = await this.menu();
    const res = await this.request.post("/api/orders", {
      headers: { authorization: `Bearer ${token}`, "Idempotency-Key": randomUUID() },
      data: {
        items: [
          { id: first.id, portion: "medium", quantity: 2 },
          { id: second.id, portion: "small", quantity: 1 },
        ],
        address: { name: addressName, ...ADDRESS },
        paymentMethod,
      },
    });
    expect(res.status()).toBe(201);
    return { order: ((await res.json()) as { order: Order }).order, items: [first, second] as const };
  }

  /** Moves an order on as `token`'s holder (an admin, or its customer cancelling) and expects it to succeed. */
  async moveOrder(token: string, id: string, status: string): Promise<void> {
    const res = await this.request.patch(`/api/orders/${id}`, { headers: { authorization: `Bearer ${token}` }, data: { status } });
    expect(res.status(), await res.text()).toBe(200);
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

/** /login, as a customer or an admin signs in. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async signIn(email: string, password: string) {
    await this.page.goto("/login");
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(this.page.getByText("Login successful!")).toBeVisible();
  }

  /** Signs in as the e2e admin, who lands on the dashboard. */
  async signInAsAdmin() {
    await this.signIn(ADMIN.email, ADMIN.password);
    await expect(this.page).toHaveURL(/\/admin\/dashboard$/);
  }
}

/** /admin/menu's item form. */
export class MenuItemForm {
  constructor(readonly form: Locator) {}

  /** Fills what every new item needs: its name, the Veg Salads category and its Small, Medium and Large prices. */
  async fillBasics(name: string, [small, medium, large] = ["159", "199", "239"]) {
    await this.form.getByLabel("Name", { exact: true }).fill(name);
    await this.form.getByLabel("Category").selectOption({ label: "Veg Salads" });
    await this.form.getByLabel("Small price").fill(small);
    await this.form.getByLabel("Medium price").fill(medium);
    await this.form.getByLabel("Large price").fill(large);
  }
}

type Fixtures = {
  mailbox: Mailbox;
  shopApi: ShopApi;
  /** Signs `page` in through /login. */
  signIn: (page: Page, email: string, password: string) => Promise<void>;
  /** Signs `page` in as the admin, who lands on /admin/dashboard. */
  signInAsAdmin: (page: Page) => Promise<void>;
  /** A page in a second browser (its own cookies and client address), closed after the test. */
  newBrowserPage: () => Promise<Page>;
};

export const test = base.extend<Fixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ "x-forwarded-for": randomIp(), ...extraHTTPHeaders });
  },
  mailbox: async ({ request }, provide) => {
    await provide(new Mailbox(request));
  },
  shopApi: async ({ request, mailbox }, provide) => {
    await provide(new ShopApi(request, mailbox));
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
