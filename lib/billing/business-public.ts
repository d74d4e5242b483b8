import { matchState } from "@/lib/billing/states";
import type { BusinessDetails } from "@/lib/billing/types";
import type { StoreState } from "@/lib/store/types";

// What anyone may read of the business details (product.md §11): `business` in GET /api/store,
// for the footer, the cart (the packaging charge) and clients of the API. Client-safe, pure.
// The invoice prefix is left out: it is the admins' setting of how bills are numbered, and every
// bill shows its whole number anyway.

export type PublicBusiness = Omit<BusinessDetails, "invoicePrefix"> & {
  /** The GST state code of `state` ("29" for Karnataka). */
  stateCode: string | null;
};

/** GET /api/store's reply (and PUT /api/store's): the shop's state and its business details. */
export type StoreReply = StoreState & { business: PublicBusiness };

/** Named one by one, so a field added to the details later is not published by accident. */
export function publicBusiness(details: BusinessDetails): PublicBusiness {
  const { legalName, tradeName, address, state, gstin, fssai, regime, packagingCharge, grievanceOfficer } = details;
  return {
    legalName,
    tradeName,
    address,
    state,
    stateCode: matchState(state)?.code ?? null,
    gstin,
    fssai,
    regime,
    packagingCharge,
    grievanceOfficer: grievanceOfficer && { ...grievanceOfficer },
  };
}
