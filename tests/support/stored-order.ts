import type { Prisma } from "@/lib/generated/prisma/client";
import type { PortionKey } from "@/lib/portions";

// An order written straight into the database (no pricing, no mail), for tests that need one to
// exist: one line, totals that add up with the default delivery fee of 40, an address in Bengaluru,
// and the seed's promise: the half hour after it was written.
// Spread it and override what the test is about (status, createdAt, the payment method).

type Line = { menuItemId?: string | null; name: string; portion: PortionKey; unitPrice: number; quantity: number };

export function storedOrder(userId: string, line: Line, addressName = "Asha Rao"): Prisma.OrderUncheckedCreateInput {
  const lineTotal = line.unitPrice * line.quantity;
  return {
    userId,
    paymentMethod: "upi",
    subtotal: lineTotal,
    deliveryFee: 40,
    total: lineTotal + 40,
    addressName,
    addressPhone: "9876543210",
    addressStreet: "1 MG Road",
    addressCity: "Bengaluru",
    addressState: "Karnataka",
    addressZip: "560001",
    ...promiseAfter(new Date()),
    lines: { create: [{ ...line, lineTotal }] },
  };
}

/** The slot and promise of an order placed at `placedAt` under the seed's "about 30 minutes". */
export function promiseAfter(placedAt: Date): { slotStart: Date; slotEnd: Date; promisedBy: Date } {
  const end = new Date(placedAt.getTime() + 30 * 60_000);
  return { slotStart: placedAt, slotEnd: end, promisedBy: end };
}
