import { chargesTax } from "@/lib/billing/tax";
import type { BusinessDetails } from "@/lib/billing/types";

// What the shop adds to the bowls (product.md §11), shown before paying: the packaging charge of
// every order and whether the total includes GST. Read on the server with the page (the business
// details, cached until an admin saves them) and handed to the cart and the payment step, so the
// browser fetches nothing for it. Client-safe.

export type ChargeTerms = {
  /** Rupees per order, in the total. */
  packagingCharge: number;
  /** True under the regular regime: the total is shown "incl. GST". */
  inclGst: boolean;
};

export function chargeTermsOf(business: Pick<BusinessDetails, "packagingCharge" | "regime">): ChargeTerms {
  return { packagingCharge: business.packagingCharge, inclGst: chargesTax(business.regime) };
}
