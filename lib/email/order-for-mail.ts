import "server-only";
import { db } from "@/lib/db";
import { orderInclude, toApiOrder } from "@/lib/orders/rows";
import type { ApiOrder } from "@/lib/orders/types";
import type { PlacedOrderSnapshot } from "@/lib/jobs/mail";

/**
 * The order a confirmation job carries: written by the placing statement from the very ApiOrder
 * the customer was answered with (lib/flows/place-order.ts), so it has that shape whole.
 */
export function placedOrder(snapshot: PlacedOrderSnapshot): ApiOrder {
  return snapshot as unknown as ApiOrder;
}

/**
 * The order a mail describes, as it is now (the API's shape), with its handover code: the mail
 * goes to its customer, who gives the code to the rider (product.md §12). Null when it is gone.
 */
export async function orderForMail(orderId: string): Promise<ApiOrder | null> {
  const row = await db().order.findUnique({ where: { id: orderId }, include: orderInclude });
  return row ? { ...toApiOrder(row), handoverCode: row.handoverCode } : null;
}
