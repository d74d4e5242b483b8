import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Address } from "@/lib/orders/schema";
import { paymentMethodLabel } from "@/lib/orders/schema";
import type { SessionUser } from "@/lib/auth/session";
import type { ApiOrder, ApiOrderLine } from "@/lib/orders/types";

// How an order row read through Prisma becomes the API's shape, and which rows a viewer may see:
// shared by the reads (queries.ts) and the status changes (status-changes.ts).

export const ORDER_NOT_FOUND = "Order not found.";

export const orderInclude = {
  lines: { orderBy: { position: "asc" } },
  user: { select: { id: true, name: true, email: true } },
} satisfies Prisma.OrderInclude;

type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

/** A line as the API shows it, from a stored line or one just priced (placement.ts): nothing else of the row. */
export function toApiOrderLine(l: ApiOrderLine): ApiOrderLine {
  return {
    menuItemId: l.menuItemId,
    name: l.name,
    portion: l.portion,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    lineTotal: l.lineTotal,
  };
}

export function toApiOrder(row: OrderRow): ApiOrder {
  return {
    id: row.id,
    _id: row.id,
    items: row.lines.map(toApiOrderLine),
    address: addressOf(row),
    paymentMethod: paymentMethodLabel(row.paymentMethod),
    subtotal: row.subtotal,
    deliveryFee: row.deliveryFee,
    total: row.total,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { id: row.user.id, _id: row.user.id, name: row.user.name, email: row.user.email },
  };
}

type AddressColumns = {
  addressName: string;
  addressPhone: string;
  addressStreet: string;
  addressCity: string;
  addressState: string;
  addressZip: string;
};

export const addressColumns = {
  addressName: true,
  addressPhone: true,
  addressStreet: true,
  addressCity: true,
  addressState: true,
  addressZip: true,
} satisfies Prisma.OrderSelect;

export function addressOf(row: AddressColumns): Address {
  return {
    name: row.addressName,
    phone: row.addressPhone,
    street: row.addressStreet,
    city: row.addressCity,
    state: row.addressState,
    zip: row.addressZip,
  };
}

/**
 * Customers see their own orders; admins see all. An order someone may not see is "not found",
 * so ids of other people's orders are never confirmed to exist.
 */
export function visibleTo(viewer: SessionUser): Prisma.OrderWhereInput {
  return viewer.role === "admin" ? {} : { userId: viewer.id };
}
