import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { newId } from "@/lib/db/ids";
import { env } from "@/lib/env";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import { areaForPin } from "@/lib/store/areas";
import type { DeliveryAreasInput } from "@/lib/store/schema";
import type { DeliveryArea, DeliveryCheck } from "@/lib/store/types";

// The delivery areas in PostgreSQL (product.md §9). None defined (a fresh install): every PIN
// is served at DELIVERY_FEE.

const select = { id: true, name: true, pins: true, fee: true, minimumOrder: true, freeDeliveryFrom: true } as const;

/** Every area, in the admin's order. */
export async function listDeliveryAreas(): Promise<DeliveryArea[]> {
  return db().deliveryArea.findMany({ select, orderBy: [{ position: "asc" }, { id: "asc" }] });
}

/** Replaces the whole list; an area sent with its id keeps it. Admins only. */
export async function replaceDeliveryAreas(admin: SessionUser, areas: DeliveryAreasInput): Promise<DeliveryArea[]> {
  assertAdmin(admin);
  const rows = areas.map(({ id, ...area }, position) => ({ id: id && looksLikeRowId(id) ? id : newId(), ...area, position }));
  await db().$transaction([db().deliveryArea.deleteMany({}), db().deliveryArea.createMany({ data: rows })]);
  return listDeliveryAreas();
}

/** Whether the shop delivers to `pin`, and on what terms (GET /api/delivery-areas/check). */
export async function checkPin(pin: string): Promise<DeliveryCheck> {
  const areas = await listDeliveryAreas();
  if (areas.length === 0) {
    return {
      pin,
      delivers: true,
      area: { id: "default", name: "All areas", fee: env().DELIVERY_FEE, minimumOrder: 0, freeDeliveryFrom: null },
    };
  }
  const area = areaForPin(areas, pin);
  if (!area) return { pin, delivers: false };
  const { id, name, fee, minimumOrder, freeDeliveryFrom } = area;
  return { pin, delivers: true, area: { id, name, fee, minimumOrder, freeDeliveryFrom } };
}
