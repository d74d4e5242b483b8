import { matchState } from "@/lib/billing/states";
import { documentKindOf, taxOf } from "@/lib/billing/tax";
import type { BusinessDetails, DocumentBuyer, DocumentSeller } from "@/lib/billing/types";
import type { Invoice, InvoiceLine, PlaceOfSupply } from "@/lib/billing/invoice-types";
import { RESTAURANT_SAC } from "@/lib/billing/words";
import { lineOptionsText } from "@/lib/orders/line-text";
import type { AddressColumns } from "@/lib/orders/rows";
import type { ApiOrderLine } from "@/lib/orders/types";
import { toPaise as paise } from "@/lib/money";
import { portionLabel } from "@/lib/portions";

// The bill of a delivered order as issued (product.md §11), worked out from the order and the
// business details of that moment. Pure: invoice-issue.ts reads the rows and stores the result as
// the invoice's `document`, which is never written again. Orders keep rupees; bills are paise.

/** An issued bill without its credit notes, which come later: what invoices.document holds. */
export type IssuedInvoice = Omit<Invoice, "creditNotes">;

export type BilledOrder = AddressColumns & {
  subtotal: number;
  /** Rupees off from a coupon (product.md §13): the total is already less it, so the tax is on what was paid. */
  discount: number;
  deliveryFee: number;
  packagingCharge: number;
  total: number;
  buyerGstin: string | null;
  buyerLegalName: string | null;
  /** The order's lines as the API shows them; a bill needs no menu item. */
  lines: Omit<ApiOrderLine, "menuItemId">[];
};

function sellerOf(business: BusinessDetails): DocumentSeller {
  return {
    legalName: business.legalName,
    tradeName: business.tradeName,
    address: business.address,
    state: business.state,
    // The saved state is always one of GSTN's names (business-schema.ts); "" only if it were not.
    stateCode: matchState(business.state)?.code ?? "",
    gstin: business.regime === "unregistered" ? null : business.gstin,
    fssai: business.fssai,
  };
}

/** The customer's state as GSTN names it when it can be told, else as typed, with its code or null. */
function buyerOf(order: BilledOrder): DocumentBuyer {
  const state = matchState(order.addressState);
  return {
    name: order.addressName,
    gstin: order.buyerGstin,
    legalName: order.buyerLegalName,
    phone: order.addressPhone,
    address: `${order.addressStreet}\n${order.addressCity} ${order.addressZip}`,
    state: state?.name ?? order.addressState,
    stateCode: state?.code ?? null,
  };
}

function lineOf(line: BilledOrder["lines"][number]): InvoiceLine {
  const options = lineOptionsText(line.options);
  return {
    name: line.name,
    portion: portionLabel(line.portion),
    details: [options, line.note && `Note: ${line.note}`].filter(Boolean).join("; "),
    quantity: line.quantity,
    unitPrice: paise(line.unitPrice),
    amount: paise(line.lineTotal),
  };
}

/** "29-Karnataka", as the invoices table and GSTR-1's B2B rows write a place of supply. */
export const placeOfSupplyLabel = (place: PlaceOfSupply) => `${place.code}-${place.state}`;

/**
 * The bill numbered `number`, issued at `issuedAt` under the business as it stands: its kind by
 * the regime, the tax worked out on the whole total (packaging and delivery included, any
 * discount taken off: the value of supply is what was paid, CGST Act s.15(3)(a)), the place
 * of supply the kitchen's own state: restaurant service is supplied where it is performed (IGST
 * Act s.12(4)), whatever state the bowl is delivered to, so the tax is always CGST + SGST.
 */
export function invoiceDocument(order: BilledOrder, business: BusinessDetails, number: string, issuedAt: Date): IssuedInvoice {
  const seller = sellerOf(business);
  const buyer = buyerOf(order);
  const total = paise(order.total);
  return {
    number,
    issuedAt: issuedAt.toISOString(),
    kind: documentKindOf(business.regime),
    seller,
    buyer,
    placeOfSupply: { state: seller.state, code: seller.stateCode },
    sac: RESTAURANT_SAC,
    lines: order.lines.map(lineOf),
    discount: paise(order.discount),
    packaging: paise(order.packagingCharge),
    delivery: paise(order.deliveryFee),
    ...taxOf(business.regime, total),
    total,
    reverseCharge: false,
    currency: "INR",
    unit: "paise",
  };
}
