import "server-only";
import { db } from "@/lib/db";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { ACTIVE_STATUSES } from "@/lib/orders/kitchen-rules";
import { addressColumns, addressOf } from "@/lib/orders/rows";
import { orderNumber } from "@/lib/orders/status";
import type { RiderHome, RiderOrder, RiderSummary } from "@/lib/riders/types";
import { mapUrlOf } from "@/lib/riders/links";
import { assertRider } from "@/lib/riders/access";

// Reading riders (product.md §12): the admins' list, and a rider's own page. Every read takes the
// viewer and checks the right.

const active = { status: { in: [...ACTIVE_STATUSES] } };

/** GET /api/riders (admins): every rider, by name, with the orders assigned to them and not yet delivered. */
export async function listRiders(viewer: SessionUser): Promise<RiderSummary[]> {
  assertAdmin(viewer);
  const rows = await db().user.findMany({
    where: { role: "rider" },
    select: { id: true, name: true, phone: true, onDuty: true, _count: { select: { riderOrders: { where: active } } } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return rows.map(({ _count, ...rider }) => ({ ...rider, activeOrders: _count.riderOrders }));
}

const riderOrderSelect = {
  id: true,
  status: true,
  total: true,
  paymentStatus: true,
  promisedBy: true,
  ...addressColumns,
  lines: { select: { quantity: true } },
} as const;

/** The orders a rider carries, oldest first, with what the door needs: never the handover code. */
async function assignedTo(riderId: string): Promise<RiderOrder[]> {
  const rows = await db().order.findMany({
    where: { riderId, ...active },
    select: riderOrderSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => {
    const address = addressOf(row);
    return {
      id: row.id,
      code: orderNumber(row.id),
      status: row.status,
      customer: address.name,
      address,
      phone: address.phone,
      mapUrl: mapUrlOf(address),
      bowls: row.lines.reduce((n, l) => n + l.quantity, 0),
      promisedBy: row.promisedBy.toISOString(),
      collect: row.paymentStatus === "due_on_delivery" ? row.total : null,
    };
  });
}

/** GET /api/riders/me and /rider: the viewer's switch, phone and orders (riders and admins; an admin carries none). */
export async function riderHome(viewer: SessionUser): Promise<RiderHome> {
  assertRider(viewer, { orAdmin: true });
  const me = await db().user.findUniqueOrThrow({ where: { id: viewer.id }, select: { id: true, name: true, phone: true, onDuty: true } });
  return { ...me, orders: await assignedTo(viewer.id) };
}
