import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { menuItemsById } from "@/lib/menu/items-by-id";
import { ORDER_NOT_FOUND, storedOptions } from "@/lib/orders/rows";
import { reorderLines } from "@/lib/reorder/rules";
import type { ReorderReply } from "@/lib/reorder/types";

// "Order again" (product.md §13): one of the customer's own orders, read back as cart lines at
// today's prices. Only its customer may: to anyone else, admins included, it is not found. It
// writes nothing: the browser puts the lines into its own cart.

export async function reorder(actor: SessionUser, orderId: string): Promise<ReorderReply> {
  const order = looksLikeRowId(orderId)
    ? await db().order.findFirst({
        where: { id: orderId, userId: actor.id },
        select: {
          lines: {
            select: { menuItemId: true, name: true, portion: true, quantity: true, options: true, note: true },
            orderBy: { position: "asc" },
          },
        },
      })
    : null;
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  const lines = order.lines.map((line) => ({ ...line, options: storedOptions(line.options) }));
  const menu = await menuItemsById([...new Set(lines.flatMap((l) => (l.menuItemId ? [l.menuItemId] : [])))]);
  return reorderLines(lines, menu);
}
