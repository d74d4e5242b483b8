import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Address } from "@/lib/orders/schema";
import { paymentMethodLabel } from "@/lib/orders/schema";
import type { SessionUser } from "@/lib/auth/session";
import type { ApiOrder, ApiOrderLine, OrderLineOption } from "@/lib/orders/types";
import { pick, withIds } from "@/lib/api-record";

// How an order row read through Prisma becomes the API's shape, and which rows a viewer may see:
// shared by the reads (queries.ts) and the status changes (status-changes.ts).

export const ORDER_NOT_FOUND = "Order not found.";

export const orderInclude = {
  lines: { orderBy: { position: "asc" } },
  user: { select: { id: true, name: true, email: true } },
} satisfies Prisma.OrderInclude;

type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

const LINE_FIELDS = ["menuItemId", "name", "portion", "unitPrice", "quantity", "lineTotal", "note"] as const;

type LineLike = Omit<ApiOrderLine, "options"> & { options: unknown };

/**
 * The options snapshot of a stored line (order_lines.options, jsonb written only by the order
 * statement as [{id, group, name, price}]); anything else there reads as no options rather than
 * breaking every read of the order.
 */
export function storedOptions(value: unknown): OrderLineOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((o: Partial<OrderLineOption> | null) =>
    o && typeof o.id === "string" && typeof o.group === "string" && typeof o.name === "string" && Number.isInteger(o.price)
      ? [{ id: o.id, group: o.group, name: o.name, price: o.price as number }]
      : [],
  );
}

/** A line as the API shows it, from a stored line or one just priced (placement.ts): nothing else of the row. */
export function toApiOrderLine(line: LineLike): ApiOrderLine {
  return { ...pick(line, LINE_FIELDS), options: storedOptions(line.options) };
}

export function toApiOrder(row: OrderRow): ApiOrder {
  return {
    ...withIds(row.id),
    items: row.lines.map(toApiOrderLine),
    address: addressOf(row),
    paymentMethod: paymentMethodLabel(row.paymentMethod),
    ...pick(row, ["subtotal", "deliveryFee", "total", "status"]),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { ...withIds(row.user.id), ...pick(row.user, ["name", "email"]) },
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
