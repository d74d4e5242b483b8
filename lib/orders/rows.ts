import type { Prisma } from "@/lib/generated/prisma/client";
import type { Address } from "@/lib/orders/schema";
import { paymentMethodLabel } from "@/lib/orders/schema";
import type { SessionUser } from "@/lib/auth/session";
import type { ApiOrderWithHistory, CarriedOrder, OrderLineOption, OrderPayment, OrderRating } from "@/lib/orders/types";
import { orderHistory } from "@/lib/orders/history";
import { pick, withIds } from "@/lib/api-record";

// The one place an order becomes the API's shape (product.md §4): placing it, reading it, moving
// it on, the pages and the mails all read an order with `orderInclude` and hand the row to
// toApiOrder. Pure mapping, without `server-only`: the standalone mail worker (plain Node)
// builds its mails with it too.

export const ORDER_NOT_FOUND = "Order not found.";

/** What an order is read with: its lines in order, its customer and its history, oldest first. */
export const orderInclude = {
  lines: { orderBy: { position: "asc" } },
  user: { select: { id: true, name: true, email: true } },
  statusChanges: { select: { status: true, actor: true, note: true, createdAt: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  refunds: {
    select: { id: true, amount: true, reason: true, status: true, method: true, createdAt: true, processedAt: true, lastError: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
  invoice: { select: { number: true, issuedAt: true } },
  rating: { select: { stars: true, comment: true, createdAt: true } },
  rider: { select: { id: true, name: true, phone: true } },
} satisfies Prisma.OrderInclude;

type RatingColumns = { stars: number; comment: string | null; createdAt: Date };

/**
 * An order as orderInclude reads it. The rating may be left out by code that writes an order and
 * shapes it in the same breath (placing one): a new order has none.
 */
export type OrderRow = Omit<Prisma.OrderGetPayload<{ include: typeof orderInclude }>, "rating"> & { rating?: RatingColumns | null };

const LINE_FIELDS = ["menuItemId", "name", "portion", "unitPrice", "quantity", "lineTotal", "note"] as const;

/**
 * The options snapshot of a stored line (order_lines.options, jsonb written only when the order
 * is placed, as [{id, group, name, price}]); anything else there reads as no options rather than
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

export function toApiOrder(row: OrderRow): ApiOrderWithHistory {
  return {
    ...withIds(row.id),
    items: row.lines.map((line) => ({ ...pick(line, LINE_FIELDS), options: storedOptions(line.options) })),
    address: addressOf(row),
    paymentMethod: paymentMethodLabel(row.paymentMethod),
    ...pick(row, ["subtotal", "deliveryFee", "packagingCharge", "discount", "total", "status"]),
    coupon: row.couponCode === null ? null : { code: row.couponCode, description: row.couponDescription ?? "" },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user: { ...withIds(row.user.id), ...pick(row.user, ["name", "email"]) },
    deliverySlot: { start: row.slotStart.toISOString(), end: row.slotEnd.toISOString() },
    scheduled: row.scheduled,
    promisedBy: row.promisedBy.toISOString(),
    deliveryArea: row.deliveryArea,
    payment: paymentOf(row),
    invoice: row.invoice && { number: row.invoice.number, issuedAt: row.invoice.issuedAt.toISOString() },
    rating: row.rating ? ratingOf(row.rating) : null,
    rider: row.rider && pick(row.rider, ["id", "name", "phone"]),
    whatsappConsentAt: row.whatsappConsentAt?.toISOString() ?? null,
    history: orderHistory(row.createdAt, row.statusChanges, firstStatusOf(row)),
  };
}

/** A stored rating as the API shows it (product.md §13). */
export function ratingOf(row: RatingColumns): OrderRating {
  return { stars: row.stars, comment: row.comment, at: row.createdAt.toISOString() };
}

type PaymentColumns = Pick<
  OrderRow,
  | "paymentMethod"
  | "paymentStatus"
  | "gateway"
  | "gatewayOrderId"
  | "gatewayPaymentId"
  | "paidAt"
  | "refundedAt"
  | "refundedAmount"
  | "refunds"
  | "collectedById"
>;

function paymentOf(row: PaymentColumns): OrderPayment {
  return {
    method: paymentMethodLabel(row.paymentMethod),
    status: row.paymentStatus,
    // The column holds only what the shop wrote ("razorpay" or null); anything else reads as cash.
    gateway: row.gateway === "razorpay" ? "razorpay" : null,
    gatewayOrderId: row.gatewayOrderId,
    gatewayPaymentId: row.gatewayPaymentId,
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundedAmount: row.refundedAmount,
    refunds: row.refunds.map((r) => ({
      ...pick(r, ["id", "amount", "reason", "status", "method"]),
      createdAt: r.createdAt.toISOString(),
      processedAt: r.processedAt?.toISOString() ?? null,
      lastError: r.status === "failed" ? r.lastError : null,
    })),
    collectedBy: row.collectedById,
  };
}

/**
 * The status an order was placed with (placing writes no history row): awaiting_payment for one
 * paid online through a gateway, pending for every other. A gateway is set only when placed so.
 */
function firstStatusOf(row: Pick<OrderRow, "gateway">): "awaiting_payment" | "pending" {
  return row.gateway === null ? "pending" : "awaiting_payment";
}

export type AddressColumns = {
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

/** The address columns of an order for `address`, as placing it writes them. */
export function addressColumnsOf(address: Address): AddressColumns {
  return {
    addressName: address.name,
    addressPhone: address.phone,
    addressStreet: address.street,
    addressCity: address.city,
    addressState: address.state,
    addressZip: address.zip,
  };
}

/**
 * Customers see their own orders; admins see all. An order someone may not see is "not found",
 * so ids of other people's orders are never confirmed to exist.
 */
export function visibleTo(viewer: SessionUser): Prisma.OrderWhereInput {
  return viewer.role === "admin" ? {} : { userId: viewer.id };
}

/** The order whole, as its customer and admins read it one at a time: with its handover code (product.md §12). */
export function withHandoverCode(row: OrderRow): ApiOrderWithHistory {
  return { ...toApiOrder(row), handoverCode: row.handoverCode };
}

/** A rider's view of an order assigned to them: the customer's e-mail left out (product.md §12). */
export function asCarried(order: ApiOrderWithHistory): CarriedOrder {
  const { id, _id, name } = order.user;
  return { ...order, user: { id, _id, name } };
}
