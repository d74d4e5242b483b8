import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { describeOffer } from "@/lib/offers/rules";
import type { ApiOffer, OfferRules } from "@/lib/offers/types";

// An offer row as the API and /admin/offers show it.

type Row = Prisma.OfferGetPayload<object>;

export const OFFER_NOT_FOUND = "Offer not found.";

const rulesOf = (row: Row): OfferRules => ({
  code: row.code,
  kind: row.kind,
  amount: row.amount,
  percent: row.percent,
  maxDiscount: row.maxDiscount,
  minSubtotal: row.minSubtotal,
  validFrom: row.validFrom,
  validTo: row.validTo,
  firstOrderOnly: row.firstOrderOnly,
  perCustomer: row.perCustomer,
  totalUses: row.totalUses,
  onlineOnly: row.onlineOnly,
  active: row.active,
});

export function toApiOffer(row: Row): ApiOffer {
  const rules = rulesOf(row);
  return {
    ...rules,
    id: row.id,
    _id: row.id,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    description: describeOffer(rules),
    used: row.used,
    createdAt: row.createdAt.toISOString(),
  };
}
