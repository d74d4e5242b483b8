import { indiaWallClock } from "@/lib/time";
import type { ApiOffer, OfferKind } from "@/lib/offers/types";

// /admin/offers' form as text boxes hold it, and the body POST/PUT /api/offers take. Client-safe.

export type OfferFormValues = {
  code: string;
  kind: OfferKind;
  amount: string;
  percent: string;
  maxDiscount: string;
  minSubtotal: string;
  validFrom: string;
  validTo: string;
  firstOrderOnly: boolean;
  perCustomer: string;
  totalUses: string;
  onlineOnly: boolean;
  active: boolean;
};

export const EMPTY_OFFER: OfferFormValues = {
  code: "",
  kind: "flat",
  amount: "",
  percent: "",
  maxDiscount: "",
  minSubtotal: "0",
  validFrom: "",
  validTo: "",
  firstOrderOnly: false,
  perCustomer: "1",
  totalUses: "",
  onlineOnly: false,
  active: true,
};

/** An instant as a datetime-local box shows it: India's wall clock, to the minute. */
function indiaLocalInput(iso: string | null): string {
  if (!iso) return "";
  const { dateKey, minute } = indiaWallClock(new Date(iso));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${dateKey}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

const text = (n: number | null) => (n === null ? "" : String(n));

export function valuesOf(offer: ApiOffer): OfferFormValues {
  return {
    code: offer.code,
    kind: offer.kind,
    amount: text(offer.amount),
    percent: text(offer.percent),
    maxDiscount: text(offer.maxDiscount),
    minSubtotal: String(offer.minSubtotal),
    validFrom: indiaLocalInput(offer.validFrom),
    validTo: indiaLocalInput(offer.validTo),
    firstOrderOnly: offer.firstOrderOnly,
    perCustomer: String(offer.perCustomer),
    totalUses: text(offer.totalUses),
    onlineOnly: offer.onlineOnly,
    active: offer.active,
  };
}

/** A number box: blank is none; anything else goes as typed, for the schema to judge. */
const numberOf = (value: string) => (value.trim() === "" ? null : Number(value));

export function bodyOf(values: OfferFormValues) {
  return {
    code: values.code,
    kind: values.kind,
    amount: numberOf(values.amount),
    percent: numberOf(values.percent),
    maxDiscount: numberOf(values.maxDiscount),
    minSubtotal: numberOf(values.minSubtotal) ?? 0,
    // Without an offset: India's time, as the box shows it.
    validFrom: values.validFrom || null,
    validTo: values.validTo || null,
    firstOrderOnly: values.firstOrderOnly,
    perCustomer: numberOf(values.perCustomer) ?? 1,
    totalUses: numberOf(values.totalUses),
    onlineOnly: values.onlineOnly,
    active: values.active,
  };
}
