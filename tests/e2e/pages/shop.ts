import { expect, type Page } from "@playwright/test";

// The customer's pages as page objects: the menu's cards, the cart as the menu saves it, and the
// checkout's address and payment steps.

type Item = { id: string; name: string; image?: string; prices: { small: number; medium: number; large: number } };
type Portion = "small" | "medium" | "large";

/** The menu's labels for the portions. */
const PORTION_LABEL = { small: "Small 250g", medium: "Medium 350g", large: "Large 400g" } as const;

/** The checkout's address form, label by label: a delivery to 12 MG Road, Bengaluru 560001. */
const ADDRESS_FIELDS = {
  Name: "Asha Rao",
  Phone: "9876543210",
  Street: "12 MG Road",
  City: "Bengaluru",
  State: "Karnataka",
  "PIN code": "560001",
};
type AddressFields = typeof ADDRESS_FIELDS;

/** A bowl's card wherever the shop shows cards (/menu, the landing page). */
export function menuCard(page: Page, name: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** /menu, as a customer fills the cart from it. */
export class MenuPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto("/menu");
  }

  /** Adds one bowl in `portion` (the card's own choice when none is given) and waits for the shop to say so. */
  async add(name: string, portion?: keyof typeof PORTION_LABEL) {
    const card = menuCard(this.page, name);
    if (portion) await card.getByLabel("Portion").selectOption({ label: PORTION_LABEL[portion] });
    await card.getByRole("button", { name: /Add to Cart/ }).click();
    await expect(this.page.getByText(`${name} added to cart`).filter({ visible: true }).first()).toBeVisible();
  }
}

/** Fills the cart the way the menu page saves it, for tests whose subject is not the menu. */
export async function seedCart(page: Page, lines: { item: Item; portion?: Portion; quantity?: number }[]) {
  const state = {
    state: {
      lines: lines.map(({ item, portion = "small", quantity = 1 }) => ({
        cartId: `${item.id}-${portion}`,
        id: item.id,
        name: item.name,
        image: item.image ?? "",
        portion,
        price: item.prices[portion],
        quantity,
      })),
    },
    version: 1,
  };
  // The cart lives in the shop's localStorage: a page signed in without opening one is given a
  // document of the shop's origin first (a plain-text one, the cheapest).
  if (page.url() === "about:blank") await page.goto("/robots.txt");
  await page.evaluate((value) => localStorage.setItem("fresh-bowl-cart", value), JSON.stringify(state));
}

/** /checkout/address and /checkout/payment. */
export class CheckoutPage {
  constructor(readonly page: Page) {}

  /** Fills the address form: ADDRESS_FIELDS, with `values` in place of any of them. */
  async fillAddress(values: Partial<AddressFields> = {}) {
    for (const [label, value] of Object.entries({ ...ADDRESS_FIELDS, ...values })) {
      // The state is chosen from India's states and union territories.
      const field = this.page.getByLabel(label, { exact: true });
      await (label === "State" ? field.selectOption(value) : field.fill(value));
    }
  }

  /** Opens the address step, fills it and goes on to the payment step. */
  async toPayment(values: Partial<AddressFields> = {}) {
    await this.page.goto("/checkout/address");
    await this.fillAddress(values);
    await this.continue();
    await expect(this.page).toHaveURL(/\/checkout\/payment$/);
  }

  async continue() {
    await this.page.getByRole("button", { name: "Continue" }).click();
  }

  async choosePayment(method: "Cash on Delivery" | "UPI" | "Credit/Debit Card") {
    await this.page.getByRole("radiogroup", { name: "Payment method" }).getByRole("radio", { name: method }).check();
  }

  async placeOrder() {
    await this.page.getByRole("button", { name: "Place Order" }).click();
  }
}
