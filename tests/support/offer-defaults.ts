// What an offer is when the admin leaves a field out (product.md §13): no minimum, one use per
// customer, no overall cap, for any customer and any payment, active. The schema's unit test and
// the API's integration test both expect exactly these.
export const OFFER_DEFAULTS = {
  minSubtotal: 0,
  perCustomer: 1,
  totalUses: null,
  firstOrderOnly: false,
  onlineOnly: false,
  active: true,
} as const;
