import { z } from "zod";
import "@/lib/validation";
import { indiaInstant, isDateKey } from "@/lib/time";
import { PAYMENT_METHODS } from "@/lib/orders/schema";
import { OFFER_KINDS } from "@/lib/offers/types";

// POST/PUT /api/offers, POST /api/offers/check and the order's `couponCode` (product.md §13),
// shared by /admin/offers, the cart, the payment step and the handlers. Client-safe.

const CODE_PATTERN = /^[A-Za-z0-9]{3,20}$/;
const CODE_RULE = "Code must be 3 to 20 letters or digits";

/** A code as the customer types it: spaces around it dropped; the case does not matter. */
export const couponCodeSchema = z.string({ error: CODE_RULE }).trim().regex(CODE_PATTERN, CODE_RULE);

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * An ISO 8601 date-time as an instant; without an offset it is India's wall clock (the kitchen
 * sets its offers in its own time, whatever the server's zone); null when it is not one.
 */
export function parseOfferTime(value: string): Date | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, dateKey, hh, mm, ss = "0", fraction = "", offset] = match;
  const [hour, minute, second] = [Number(hh), Number(mm), Number(ss)];
  if (!isDateKey(dateKey) || hour > 23 || minute > 59 || second > 59) return null;
  if (offset) {
    const at = new Date(value);
    return Number.isFinite(at.getTime()) ? at : null;
  }
  const millis = fraction ? Math.round(Number(fraction) * 1000) : 0;
  return new Date(indiaInstant(dateKey, hour * 60 + minute).getTime() + second * 1000 + millis);
}

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const optionalWhole = (label: string, min: number, max: number) =>
  whole(label, min, max)
    .nullish()
    .transform((v) => v ?? null);

const offerTime = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const at = parseOfferTime(v);
      if (!at) {
        ctx.addIssue({ code: "custom", message: `${label} must be a date and time like 2026-12-24T18:00` });
        return z.NEVER;
      }
      return at;
    });

export const offerSchema = z
  .object(
    {
      code: couponCodeSchema,
      kind: z.enum(OFFER_KINDS, { error: "Kind must be flat, percent or free_delivery" }),
      amount: optionalWhole("Amount", 1, 100000),
      percent: optionalWhole("Percent", 1, 100),
      maxDiscount: optionalWhole("Maximum discount", 1, 100000),
      minSubtotal: whole("Minimum subtotal", 0, 100000).default(0),
      validFrom: offerTime("Valid from"),
      validTo: offerTime("Valid to"),
      firstOrderOnly: z.boolean({ error: "firstOrderOnly must be true or false" }).default(false),
      perCustomer: whole("Uses per customer", 1, 1_000_000).default(1),
      totalUses: optionalWhole("Total uses", 1, 1000000),
      onlineOnly: z.boolean({ error: "onlineOnly must be true or false" }).default(false),
      active: z.boolean({ error: "active must be true or false" }).default(true),
    },
    { error: "Request body must be an object {code, kind, …}" },
  )
  .superRefine((offer, ctx) => {
    if (offer.kind === "flat" && offer.amount === null) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Amount is required for a flat discount" });
    }
    if (offer.kind === "percent" && offer.percent === null) {
      ctx.addIssue({ code: "custom", path: ["percent"], message: "Percent is required for a percent discount" });
    }
    if (offer.validFrom && offer.validTo && offer.validTo.getTime() <= offer.validFrom.getTime()) {
      ctx.addIssue({ code: "custom", path: ["validTo"], message: "Valid to must be after valid from" });
    }
  })
  // Only the kind's own figures are kept: a flat offer has no percent, a percent one no amount.
  .transform((offer) => ({
    ...offer,
    code: offer.code,
    amount: offer.kind === "flat" ? offer.amount : null,
    percent: offer.kind === "percent" ? offer.percent : null,
    maxDiscount: offer.kind === "percent" ? offer.maxDiscount : null,
  }));

export type NewOffer = z.output<typeof offerSchema>;

export const checkSchema = z.object(
  {
    code: couponCodeSchema,
    subtotal: whole("subtotal", 0, 10_000_000),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "paymentMethod must be Cash on Delivery, UPI or Card" }).optional(),
    pin: z
      .string({ error: "pin must be 6 digits" })
      .trim()
      .regex(/^\d{6}$/, "pin must be 6 digits")
      .optional(),
  },
  { error: "Request body must be an object {code, subtotal, paymentMethod?, pin?}" },
);

export type CouponCheckInput = z.output<typeof checkSchema>;
