import { describe, expect, it } from "vitest";
import { assertNoDuplicateLines, orderTotals, priceLines, unitPriceFor } from "@/lib/orders/pricing";
import {
  adminNextStatuses,
  checkTransition,
  isFinalStatus,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  ownerCanCancel,
  type OrderStatus,
} from "@/lib/orders/status";
import { addressSchema, orderInputSchema, paymentMethodKey, paymentMethodLabel, paymentMethodSchema } from "@/lib/orders/schema";
import { menuOf, menuRow } from "@/tests/support/menu-rows";
import { TYPED_ADDRESS } from "@/tests/support/address";
import { refusalOf } from "@/tests/support/refusal";

const caesar = menuRow("c1", "Grilled Chicken Caesar", [179, 219, 259]);
const greek = menuRow("g1", "Classic Greek Salad", [139, 179, 219]);
const soldOut = menuRow("s1", "Egg Mayo Crunch", [129, 169, 209], { available: false });
const menu = menuOf(caesar, greek, soldOut);

describe("pricing", () => {
  it("takes the portion's price", () => {
    expect(unitPriceFor(caesar, "small")).toBe(179);
    expect(unitPriceFor(caesar, "medium")).toBe(219);
    expect(unitPriceFor(caesar, "large")).toBe(259);
  });

  it("prices lines from the menu rows and snapshots the name", () => {
    const lines = priceLines(
      [
        { menuItemId: "c1", portion: "medium", quantity: 2 },
        { menuItemId: "g1", portion: "small", quantity: 3 },
      ],
      menu,
    );
    expect(lines).toEqual([
      {
        menuItemId: "c1",
        name: "Grilled Chicken Caesar",
        portion: "medium",
        unitPrice: 219,
        quantity: 2,
        lineTotal: 438,
        position: 0,
        options: [],
        note: null,
      },
      {
        menuItemId: "g1",
        name: "Classic Greek Salad",
        portion: "small",
        unitPrice: 139,
        quantity: 3,
        lineTotal: 417,
        position: 1,
        options: [],
        note: null,
      },
    ]);
    expect(orderTotals(lines, 40, 0)).toEqual({ subtotal: 855, discount: 0, deliveryFee: 40, packagingCharge: 0, total: 895 });
    // The packaging charge is part of the total (product.md §4, §11).
    expect(orderTotals(lines, 40, 15)).toEqual({ subtotal: 855, discount: 0, deliveryFee: 40, packagingCharge: 15, total: 910 });
    // A coupon's discount comes off the total (product.md §13).
    expect(orderTotals(lines, 40, 15, 100)).toEqual({ subtotal: 855, discount: 100, deliveryFee: 40, packagingCharge: 15, total: 810 });
  });

  it("refuses unknown and sold-out items, naming the line", () => {
    expect(() => priceLines([{ menuItemId: "nope", portion: "small", quantity: 1 }], menu)).toThrow(/items\.0/);
    const e = refusalOf(() =>
      priceLines(
        [
          { menuItemId: "c1", portion: "small", quantity: 1 },
          { menuItemId: "s1", portion: "small", quantity: 1 },
        ],
        menu,
      ),
    );
    expect(e.field).toBe("items.1");
    expect(e.message).toMatch(/sold out/);
  });

  it("refuses the same item and portion twice, but allows another portion", () => {
    expect(() =>
      assertNoDuplicateLines([
        { menuItemId: "c1", portion: "small", options: [], note: null },
        { menuItemId: "c1", portion: "small", options: [], note: null },
      ]),
    ).toThrow(/items\.1/);
    expect(() =>
      assertNoDuplicateLines([
        { menuItemId: "c1", portion: "small", options: [], note: null },
        { menuItemId: "c1", portion: "large", options: [], note: null },
      ]),
    ).not.toThrow();
  });

  it("totals an empty list to the delivery fee", () => {
    expect(orderTotals([], 40, 0)).toEqual({ subtotal: 0, discount: 0, deliveryFee: 40, packagingCharge: 0, total: 40 });
  });
});

describe("order input", () => {
  it("normalises phone and PIN code, keeps any script in names", () => {
    expect(addressSchema.parse(TYPED_ADDRESS)).toEqual({ ...TYPED_ADDRESS, phone: "+919876543210", zip: "560001" });
    expect(addressSchema.parse({ ...TYPED_ADDRESS, name: "ಕನ್ನಡ <b>" }).name).toBe("ಕನ್ನಡ <b>");
  });

  it.each(["12345", "98765432101", "+9298765432 10", "phone12345", "+91"])("refuses phone %s", (phone) => {
    expect(addressSchema.safeParse({ ...TYPED_ADDRESS, phone }).success).toBe(false);
  });

  it.each(["56000", "5600011", "ABCDEF", ""])("refuses PIN %s", (zip) => {
    expect(addressSchema.safeParse({ ...TYPED_ADDRESS, zip }).success).toBe(false);
  });

  it("requires all six fields", () => {
    for (const key of Object.keys(TYPED_ADDRESS)) {
      const result = addressSchema.safeParse({ ...TYPED_ADDRESS, [key]: "  " });
      expect(result.success, key).toBe(false);
    }
  });

  it("maps payment methods both ways", () => {
    expect(paymentMethodSchema.parse("Credit/Debit Card")).toBe("Card");
    expect(paymentMethodSchema.parse("UPI")).toBe("UPI");
    expect(paymentMethodSchema.safeParse("Bitcoin").success).toBe(false);
    expect(paymentMethodKey("Cash on Delivery")).toBe("cash_on_delivery");
    expect(paymentMethodLabel("card")).toBe("Card");
  });

  it("accepts id or menuItemId, ignores client prices, and bounds quantities", () => {
    const parsed = orderInputSchema.parse({
      items: [
        { id: "c1", portion: "Small", quantity: 1, price: 1, name: "free salad" },
        { menuItemId: "g1", portion: "large", quantity: 20 },
      ],
      address: TYPED_ADDRESS,
      paymentMethod: "Cash on Delivery",
      status: "delivered",
    });
    expect(parsed.items).toEqual([
      { menuItemId: "c1", portion: "small", quantity: 1 },
      { menuItemId: "g1", portion: "large", quantity: 20 },
    ]);
    expect(parsed).not.toHaveProperty("status");
    for (const quantity of [0, 21, 1.5, "2"]) {
      const r = orderInputSchema.safeParse({
        items: [{ id: "c1", portion: "small", quantity }],
        address: TYPED_ADDRESS,
        paymentMethod: "UPI",
      });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].path.join(".")).toBe("items.0.quantity");
    }
    const noId = orderInputSchema.safeParse({ items: [{ portion: "small", quantity: 1 }], address: TYPED_ADDRESS, paymentMethod: "UPI" });
    expect(noId.error?.issues[0].path.join(".")).toBe("items.0.menuItemId");
  });
});

describe("status machine", () => {
  const flow: OrderStatus[] = ["pending", "confirmed", "preparing", "out_for_delivery", "delivered"];

  it("lets admins move one step forward only", () => {
    for (let i = 0; i < flow.length - 1; i++) {
      expect(checkTransition(flow[i], flow[i + 1], "admin")).toBe("ok");
      for (let j = 0; j < flow.length; j++) {
        if (j !== i + 1) expect(checkTransition(flow[i], flow[j], "admin"), `${flow[i]}→${flow[j]}`).toBe("invalid");
      }
    }
  });

  it("lets admins cancel from awaiting payment, pending or confirmed only, and never mark an unpaid order paid", () => {
    const allowed = ORDER_STATUSES.filter((s) => checkTransition(s, "cancelled", "admin") === "ok");
    expect(allowed).toEqual(["awaiting_payment", "pending", "confirmed"]);
    expect(adminNextStatuses("awaiting_payment")).toEqual(["cancelled"]);
    expect(adminNextStatuses("cancelled")).toEqual([]);
    expect(adminNextStatuses("delivered")).toEqual([]);
  });

  it("lets the owner only cancel, and only while pending", () => {
    expect(checkTransition("pending", "cancelled", "owner")).toBe("ok");
    expect(checkTransition("confirmed", "cancelled", "owner")).toBe("invalid");
    expect(checkTransition("pending", "confirmed", "owner")).toBe("forbidden");
    expect(ownerCanCancel("pending")).toBe(true);
    expect(ownerCanCancel("preparing")).toBe(false);
  });

  it("counts unpaid, pending and confirmed orders as open, and an admin may cancel each open order (the bulk cancel relies on it)", () => {
    expect(OPEN_ORDER_STATUSES).toEqual(["awaiting_payment", "pending", "confirmed"]);
    for (const status of OPEN_ORDER_STATUSES) expect(checkTransition(status, "cancelled", "admin"), status).toBe("ok");
  });

  it("knows the final statuses", () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(["delivered", "cancelled"]);
  });
});
