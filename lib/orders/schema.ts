import { z } from "zod";
import { printable } from "@/lib/validation";
import { rowIdSchema } from "@/lib/db/schema";
import { PORTION_KEYS } from "@/lib/portions";
import { ORDER_STATUSES } from "@/lib/orders/status";
import { MAX_LINE_QUANTITY, MAX_NOTE_LENGTH } from "@/lib/orders/limits";
import { dropBidiControls, hasControlCharacter } from "@/lib/text";
import { deliverAtSchema } from "@/lib/store/schema";

// zod schemas for checkout, shared by the address form (react-hook-form) and the order API.

const MAX_ORDER_LINES = 50;

/** Spaces, dashes, dots and brackets people type inside phone numbers; stripped before checking. */
const PHONE_SEPARATORS = /[\s\-.()]/g;

export const phoneSchema = z
  .string({ error: "Phone is required" })
  .trim()
  .min(1, "Phone is required")
  .max(32, "Enter a 10-digit phone number")
  .transform((v) => v.replace(PHONE_SEPARATORS, ""))
  .pipe(z.string().regex(/^(\+91)?\d{10}$/, "Enter a 10-digit phone number, optionally starting with +91"));

const pinCodeSchema = z
  .string({ error: "PIN code is required" })
  .trim()
  .min(1, "PIN code is required")
  .max(16, "Enter a 6-digit PIN code")
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter a 6-digit PIN code"));

export const addressSchema = z.object({
  name: printable("Name", 100),
  phone: phoneSchema,
  street: printable("Street", 200),
  city: printable("City", 100),
  state: printable("State", 100),
  zip: pinCodeSchema,
});

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

export const ADDRESS_LABELS: Record<keyof Address, string> = {
  name: "Name",
  phone: "Phone",
  street: "Street",
  city: "City",
  state: "State",
  zip: "PIN code",
};

/** How the API and pages name payment methods (the old app's values). */
export const PAYMENT_METHODS = ["Cash on Delivery", "UPI", "Card"] as const;
export type PaymentMethodLabel = (typeof PAYMENT_METHODS)[number];

/** What the checkout shows for each method. */
export const PAYMENT_METHOD_DISPLAY: Record<PaymentMethodLabel, string> = {
  "Cash on Delivery": "Cash on Delivery",
  UPI: "UPI",
  Card: "Credit/Debit Card",
};

export type PaymentMethodKey = "cash_on_delivery" | "upi" | "card";

const LABEL_TO_KEY: Record<PaymentMethodLabel, PaymentMethodKey> = { "Cash on Delivery": "cash_on_delivery", UPI: "upi", Card: "card" };

export function paymentMethodKey(label: PaymentMethodLabel): PaymentMethodKey {
  return LABEL_TO_KEY[label];
}

export function paymentMethodLabel(key: PaymentMethodKey): PaymentMethodLabel {
  return PAYMENT_METHODS.find((l) => LABEL_TO_KEY[l] === key)!;
}

export const paymentMethodSchema = z
  .string({ error: "Choose a payment method" })
  .trim()
  // "Credit/Debit Card" is what the checkout shows; old clients may send it verbatim.
  .transform((v) => (v === "Credit/Debit Card" ? "Card" : v))
  .pipe(z.enum(PAYMENT_METHODS, { error: "paymentMethod must be Cash on Delivery, UPI or Card" }));

// The shape of our ids: other text cannot name an item, and some (NUL) PostgreSQL refuses outright.
const idSchema = rowIdSchema("must be a menu item's id");

/** More choices than any item offers; a longer list is refused before any lookup. */
export const MAX_LINE_OPTIONS = 20;

/**
 * The chosen options: a list of choice ids, each once. Left out, the line gets the item's
 * defaults (old clients); sent, it must satisfy every group itself (line-options.ts).
 */
const lineOptionsSchema = z
  .array(rowIdSchema("must be a choice's id"), { error: "must be a list of choice ids" })
  .max(MAX_LINE_OPTIONS, `must be at most ${MAX_LINE_OPTIONS} choice ids`)
  .superRefine((ids, ctx) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: "custom", path: [i], message: "this choice is already on the line" });
      seen.add(id);
    });
  });

/** A note for the kitchen: trimmed, printable (bidirectional controls dropped), at most 140 characters; empty (or null) is no note. */
const lineNoteSchema = z
  .string({ error: `must be text of at most ${MAX_NOTE_LENGTH} characters` })
  .overwrite(dropBidiControls)
  .trim()
  .max(MAX_NOTE_LENGTH, `must be at most ${MAX_NOTE_LENGTH} characters`)
  .refine((v) => !hasControlCharacter(v), "contains characters that are not allowed")
  .nullable()
  .transform((v) => v || undefined);

/**
 * One requested line. Clients of the old app send whole cart lines (name, price, cartId, …):
 * everything but the item id, portion, quantity, options and note is ignored, and the server
 * prices it. Messages avoid the field's own name so the 400 reads "items.0.quantity: must be …".
 */
const orderItemSchema = z
  .object({
    menuItemId: idSchema.optional(),
    id: idSchema.optional(),
    _id: idSchema.optional(),
    portion: z
      .string({ error: "must be small, medium or large" })
      .trim()
      .toLowerCase()
      .pipe(z.enum(PORTION_KEYS, { error: "must be small, medium or large" })),
    quantity: z
      .number({ error: `must be a whole number from 1 to ${MAX_LINE_QUANTITY}` })
      .int(`must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
      .min(1, `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
      .max(MAX_LINE_QUANTITY, `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`),
    options: lineOptionsSchema.optional(),
    note: lineNoteSchema.optional(),
  })
  .transform((line, ctx) => {
    const menuItemId = line.menuItemId ?? line.id ?? line._id;
    if (!menuItemId) {
      ctx.addIssue({ code: "custom", path: ["menuItemId"], message: "each line needs the menu item's id (id or menuItemId)" });
      return z.NEVER;
    }
    const { portion, quantity, options, note } = line;
    return { menuItemId, portion, quantity, ...(options && { options }), ...(note && { note }) };
  });

export type OrderItemInput = z.output<typeof orderItemSchema>;

export const orderInputSchema = z.object({
  items: z
    .array(orderItemSchema, { error: "items must be a list of order lines" })
    .min(1, "Your cart is empty: add at least one item")
    .max(MAX_ORDER_LINES, `An order can have at most ${MAX_ORDER_LINES} lines`),
  address: addressSchema,
  paymentMethod: paymentMethodSchema,
  /** What the client showed; a stale value gets 409 with the current prices. Never trusted. */
  total: z.number({ error: "total must be a whole number of rupees" }).int("total must be a whole number of rupees").min(0).optional(),
  /** "asap" (the default, for old clients) or the start of a delivery slot (product.md §9). */
  deliverAt: deliverAtSchema,
});

export type OrderInput = z.output<typeof orderInputSchema>;

export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(", ")}` }),
});

/** The Idempotency-Key header: visible ASCII, at most 255 characters (the column's size). */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, "Idempotency-Key must not be empty")
  .max(255, "Idempotency-Key must be at most 255 characters")
  .regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be printable ASCII without spaces");

const ORDER_LIST_MAX = 100;
const ORDER_LIST_DEFAULT = 50;

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(", ")}` }).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ORDER_LIST_MAX}` })
    .int(`limit must be a whole number from 1 to ${ORDER_LIST_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${ORDER_LIST_MAX}`)
    .max(ORDER_LIST_MAX, `limit must be a whole number from 1 to ${ORDER_LIST_MAX}`)
    .default(ORDER_LIST_DEFAULT),
  /** An ISO date (orders created before it) or an order id (orders after it in the list). */
  before: z
    .string()
    .trim()
    .min(1, "before must be an ISO date or an order id")
    .max(64, "before must be an ISO date or an order id")
    .optional(),
});

export type OrderListQuery = z.output<typeof orderListQuerySchema>;
