import { expect, type Locator, type Page } from "@playwright/test";

// The shop's frame on a phone: the one-row header, its search button, the bar of links along the
// screen's foot and the menu's cart bar.

export const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, locator.toString()).not.toBeNull();
  return box!;
}

export class PhoneShell {
  readonly header: Locator;
  readonly searchButton: Locator;
  readonly searchbox: Locator;
  readonly cart: Locator;
  readonly mainNav: Locator;
  readonly cartBar: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole("banner");
    this.searchButton = this.header.getByRole("button", { name: "Open search" });
    this.searchbox = page.getByRole("searchbox", { name: "Search salads" });
    this.cart = this.header.getByRole("link", { name: /^Cart/ }).filter({ visible: true });
    this.mainNav = page.getByRole("navigation", { name: "Main" });
    this.cartBar = page.getByRole("link", { name: /^View cart · / });
  }

  /** The header's height, with its logo, search button and cart side by side in one row. */
  async oneRowHeight(): Promise<number> {
    const header = await boxOf(this.header);
    const row = [this.header.getByRole("link", { name: "Fresh Bowl" }), this.searchButton, this.cart];
    for (const part of row) {
      const box = await boxOf(part);
      expect(box.y, part.toString()).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height, part.toString()).toBeLessThanOrEqual(header.y + header.height);
      expect(box.x + box.width).toBeLessThanOrEqual(this.page.viewportSize()!.width);
    }
    return header.height;
  }

  /** Every link and button of the bottom bar, each inside the screen, the bar along its foot. */
  async expectBottomBar(names: (string | RegExp)[]) {
    const { width, height } = this.page.viewportSize()!;
    const bar = await boxOf(this.mainNav);
    expect(Math.round(bar.y + bar.height)).toBe(height);
    for (const name of names) {
      const control = this.mainNav.getByRole(name === "Logout" ? "button" : "link", { name, exact: true });
      await expect(control).toBeVisible();
      const box = await boxOf(control);
      expect(box.x, String(name)).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, String(name)).toBeLessThanOrEqual(width);
      expect(box.y, String(name)).toBeGreaterThanOrEqual(bar.y);
    }
  }
}
