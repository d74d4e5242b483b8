import "server-only";
import { db } from "@/lib/db";
import { orderInclude, toApiOrder } from "@/lib/orders/rows";
import type { ApiOrder } from "@/lib/orders/types";

/** The order a mail describes, as it is now (the API's shape); null when it is gone. */
export async function orderForMail(orderId: string): Promise<ApiOrder | null> {
  const row = await db().order.findUnique({ where: { id: orderId }, include: orderInclude });
  return row ? toApiOrder(row) : null;
}
