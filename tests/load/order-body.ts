// What a checkout sends: three lines of the menu at random portions and quantities, an address,
// a payment method and the total the customer expects to pay. Real customers and the abusive
// account order alike.
import type { Customer } from "./customers";

export type MenuRow = { id: string; priceSmall: number; priceMedium: number; priceLarge: number };
export type Line = { menuItemId: string; portion: "small" | "medium" | "large"; quantity: number; unitPrice: number };
export type OrderBody = { lines: Line[]; expectedTotal: number; body: string };

const PORTIONS = ["small", "medium", "large"] as const;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function threeLines(menu: MenuRow[]): Line[] {
  const chosen = [...menu].sort(() => Math.random() - 0.5).slice(0, 3);
  return chosen.map((item) => {
    const portion = pick(PORTIONS);
    const unitPrice = portion === "small" ? item.priceSmall : portion === "medium" ? item.priceMedium : item.priceLarge;
    return { menuItemId: item.id, portion, quantity: 1 + Math.floor(Math.random() * 3), unitPrice };
  });
}

export function orderBody(customer: Customer, menu: MenuRow[], deliveryFee: number): OrderBody {
  const lines = threeLines(menu);
  const expectedTotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0) + deliveryFee;
  const body = JSON.stringify({
    items: lines.map((l) => ({ menuItemId: l.menuItemId, portion: l.portion, quantity: l.quantity })),
    address: {
      name: customer.name,
      phone: "9876543210",
      street: `${customer.index} Load Street`,
      city: "Bengaluru",
      state: "Karnataka",
      zip: "560001",
    },
    // The load run's instances have no payment gateway (npm start without keys takes Cash on
    // Delivery only); an online order would wait for a payment no one makes.
    paymentMethod: "Cash on Delivery",
    total: expectedTotal,
  });
  return { lines, expectedTotal, body };
}

/** The headers of `customer`'s order with `key`, from their own address behind the trusted proxy. */
export function orderHeaders(customer: Customer, key: string): Record<string, string> {
  return { authorization: `Bearer ${customer.token}`, "idempotency-key": key, "x-forwarded-for": customer.ip };
}
