import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

// The admin area's frame and forms as page objects, and the checks every page of the shop gets
// (axe, no sideways scrolling).

/** The admin area's sidebar. */
export class AdminNav {
  constructor(readonly page: Page) {}

  get nav() {
    return this.page.getByRole("navigation", { name: "Admin" });
  }

  link(name: string) {
    return this.nav.getByRole("link", { name });
  }

  /** Follows the sidebar's link to a section, which then names itself in its heading. */
  async open(name: "Dashboard" | "Orders" | "Kitchen" | "Menu" | "Users" | "Reports" | "Settings") {
    await this.link(name).click();
    await expect(this.page).toHaveURL(new RegExp(`/admin/${name.toLowerCase()}$`));
    await expect(this.page.getByRole("heading", { level: 1, name })).toBeVisible();
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

/**
 * What axe finds on the page (or inside `include`), one line per rule: `where id (impact): nodes`.
 * With `serious`, only serious and critical findings.
 */
export async function axeFindings(
  page: Page,
  { include, serious = false, where = "" }: { include?: string; serious?: boolean; where?: string } = {},
) {
  // A colour mid-transition (a button turning enabled as the page hydrates) is no state a reader
  // stays in: let running transitions end before axe reads contrast.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => !serious || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where ? `${where} ` : ""}${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** How far the page scrolls sideways (0 or less: it fits its width). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
