import { expect } from "vitest";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { call, type Caller, type Reply } from "@/tests/support/api";
import type { ShopFixtures } from "@/tests/support/shop-fixtures";
import { customerOf } from "@/tests/support/store-world";
import { PATCH as orderPatch, GET as orderGet } from "@/app/api/orders/[id]/route";
import { POST as pickupRoute } from "@/app/api/orders/[id]/pickup/route";
import { POST as handoverRoute } from "@/app/api/orders/[id]/handover/route";
import { GET as ledgerRoute } from "@/app/api/riders/[id]/ledger/route";
import { POST as settleRoute } from "@/app/api/riders/[id]/settlements/route";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import type { OrderStatus } from "@/lib/orders/status";

// The riders' API as the tests call it (product.md §12): a rider with a phone, an order of a
// customer already given to a rider, and one helper per route, each through the real handler.

/** A signed-in rider with a phone, removed with the file's rows. */
export async function riderOf(shop: ShopFixtures, phone = "+919845012345"): Promise<Caller> {
  const rider = await customerOf(shop, "rider");
  await db().user.update({ where: { id: rider.id }, data: { phone } });
  return rider;
}

/** A cash order of `customerId` in `status`, assigned to `riderId`; its id and handover code. */
export async function assignedOrder(
  shop: ShopFixtures,
  customerId: string,
  item: string,
  riderId: string | null,
  status: OrderStatus = "preparing",
  over: Partial<Prisma.OrderUncheckedUpdateInput> = {},
): Promise<{ id: string; code: string }> {
  const id = await shop.order(customerId, item);
  const row = await db().order.update({ where: { id }, data: { status, riderId, ...over }, select: { handoverCode: true } });
  return { id, code: row.handoverCode };
}

/** A code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");

const onOrder = (id: string) => ({ params: { id } });

export const assign = (caller: Caller | undefined, id: string, riderId: string | null) =>
  call(orderPatch, "PATCH", `/api/orders/${id}`, { caller, body: { riderId }, ...onOrder(id) });
export const pickUp = (caller: Caller | undefined, id: string) =>
  call(pickupRoute, "POST", `/api/orders/${id}/pickup`, { caller, ...onOrder(id) });
export const handOver = (caller: Caller | undefined, id: string, code: unknown) =>
  call(handoverRoute, "POST", `/api/orders/${id}/handover`, { caller, body: { code }, ...onOrder(id) });
export const ledgerOf = (caller: Caller | undefined, riderId: string, date?: string) =>
  call(ledgerRoute, "GET", `/api/riders/${riderId}/ledger${date ? `?date=${date}` : ""}`, { caller, params: { id: riderId } });
export const settle = (caller: Caller | undefined, riderId: string, body: unknown) =>
  call(settleRoute, "POST", `/api/riders/${riderId}/settlements`, { caller, body, params: { id: riderId } });

/** GET /api/orders/{id} as `caller`: the order, failing the test unless it is a 200. */
export async function orderAs(caller: Caller, id: string): Promise<ApiOrderWithHistory> {
  const reply = await call(orderGet, "GET", `/api/orders/${id}`, { caller, ...onOrder(id) });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as ApiOrderWithHistory;
}

/** The reply's status, code and field, for a refusal's one-line check. */
export const refusal = (reply: Reply) => {
  const body = reply.json as { code?: string; field?: string };
  return { status: reply.status, code: body.code, field: body.field };
};
