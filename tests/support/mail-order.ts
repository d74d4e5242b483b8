import type { ApiOrder } from "@/lib/orders/types";

// An order as the mail templates get it (the API's shape), for the unit tests of the mails: one
// small Grilled Chicken Caesar by default, to Asha Rao in Bengaluru, cash on delivery, placed on
// 23 November 2026 at 3:30 pm India time for the 4:00–4:30 pm slot. Each test spreads in what
// its case is about.

/** One Grilled Chicken Caesar line of `quantity` (1) at `unitPrice`, with its options and note as the API has them now. */
export const caesarLine = (unitPrice: number, quantity = 1) => ({
  menuItemId: "m1",
  name: "Grilled Chicken Caesar",
  portion: "small",
  unitPrice,
  quantity,
  lineTotal: unitPrice * quantity,
  options: [],
  note: null,
});

export const mailOrder = (over: Record<string, unknown> = {}): ApiOrder =>
  ({
    id: "ckorder0000000000ab12cd34",
    _id: "ckorder0000000000ab12cd34",
    items: [caesarLine(199)],
    address: { name: "Asha Rao", phone: "9876543210", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zip: "560001" },
    paymentMethod: "Cash on Delivery",
    subtotal: 199,
    deliveryFee: 40,
    total: 239,
    status: "pending",
    createdAt: "2026-11-23T10:00:00.000Z",
    updatedAt: "2026-11-23T10:00:00.000Z",
    user: { id: "u1", _id: "u1", name: "Asha Rao", email: "asha@example.com" },
    deliverySlot: { start: "2026-11-23T10:30:00.000Z", end: "2026-11-23T11:00:00.000Z" },
    scheduled: false,
    promisedBy: "2026-11-23T11:00:00.000Z",
    deliveryArea: null,
    ...over,
  }) as unknown as ApiOrder;
