import "server-only";
import { cache } from "react";
import { db } from "@/lib/db";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { orderNumber } from "@/lib/orders/status";
import { storedOptions } from "@/lib/orders/rows";
import { ACTIVE_STATUSES, isActiveStatus, type KitchenSnapshot } from "@/lib/orders/kitchen-rules";

// The kitchen display's read (product.md §7): every active order with its lines, oldest first,
// and only the columns a ticket shows. Admins only.

/** Active orders as tickets, oldest first. Cached per request: the page and its title both ask. */
export const kitchenSnapshot = cache(async (viewer: SessionUser): Promise<KitchenSnapshot> => {
  assertAdmin(viewer);
  const readAt = Date.now();
  const rows = await db().order.findMany({
    where: { status: { in: [...ACTIVE_STATUSES] } },
    select: {
      id: true,
      status: true,
      createdAt: true,
      addressName: true,
      lines: { select: { name: true, portion: true, quantity: true, options: true, note: true }, orderBy: { position: "asc" } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const tickets = rows.flatMap((row) =>
    isActiveStatus(row.status)
      ? [
          {
            id: row.id,
            code: orderNumber(row.id),
            customer: row.addressName.trim() || "N/A",
            status: row.status,
            placedAt: row.createdAt.toISOString(),
            lines: row.lines.map((line) => ({ ...line, options: storedOptions(line.options) })),
          },
        ]
      : [],
  );
  return { tickets, readAt };
});
