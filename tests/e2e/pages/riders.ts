import { expect, type Page } from "@playwright/test";

// The riders' pages (product.md §12) as page objects: the rider's own page, the kitchen ticket's
// dispatch control, and the cash-up.

/** A phone held in one hand. */
export const PHONE = { width: 360, height: 740 };

/** /rider, as a rider uses it at the door. */
export class RiderPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/rider");
    await expect(this.page.getByRole("heading", { level: 1, name: "Your deliveries" })).toBeVisible();
  }

  get duty() {
    return this.page.getByRole("switch", { name: "On duty" });
  }

  /** Goes on duty, giving the phone customers call when none is kept yet. */
  async goOnDuty(phone?: string) {
    if (phone) await this.page.getByLabel("Your phone number").fill(phone);
    await this.duty.check();
    await expect(this.page.getByTestId("duty-state")).toHaveText(/You are on duty/);
  }

  card(code: string) {
    return this.page.getByRole("article", { name: `#${code}`, exact: true });
  }

  async pickUp(code: string) {
    await this.card(code)
      .getByRole("button", { name: `Picked up #${code}` })
      .click();
    await expect(this.card(code).getByRole("button", { name: `Delivered #${code}` })).toBeVisible();
  }

  /** Taps Delivered (once) and sends `digits` as the customer's code. */
  async handOver(code: string, digits: string) {
    const card = this.card(code);
    const delivered = card.getByRole("button", { name: `Delivered #${code}` });
    if (await delivered.isVisible()) await delivered.click();
    await card.getByLabel(`Customer's 4-digit code for #${code}`).fill(digits);
    await card.getByRole("button", { name: `Confirm delivery of #${code}` }).click();
  }
}

/** The dispatch control on a kitchen ticket or the admin's order page. */
export async function assignRider(page: Page, code: string, riderName: string) {
  const select = page.getByLabel(`Rider for #${code}`);
  const option = select.locator("option", { hasText: riderName });
  await select.selectOption({ value: (await option.getAttribute("value"))! });
}

/** One rider's cash-up on /admin/riders. */
export class CashUp {
  constructor(
    readonly page: Page,
    readonly riderName: string,
  ) {}

  async open(date?: string) {
    await this.page.goto(date ? `/admin/riders?date=${date}` : "/admin/riders");
    await expect(this.page.getByRole("heading", { level: 1, name: "Riders" })).toBeVisible();
  }

  get panel() {
    return this.page.getByRole("region", { name: this.riderName, exact: true });
  }

  figure(testId: "deliveries" | "collected" | "settled" | "owed") {
    return this.panel.getByTestId(testId);
  }

  /** Records cash handed in; the page reads the figures again once the server took it. */
  async settle(amount: string, note = "") {
    await this.panel.getByLabel("Cash handed in (₹)").fill(amount);
    if (note) await this.panel.getByLabel("Note").fill(note);
    await this.panel.getByRole("button", { name: `Record cash handed in by ${this.riderName}` }).click();
  }
}
