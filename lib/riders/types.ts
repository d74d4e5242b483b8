import type { Address } from "@/lib/orders/schema";
import type { OrderStatus } from "@/lib/orders/status";

// The riders domain's shapes (product.md §12), shared by the pages, the API and the browser
// (client-safe: types only). Money in whole rupees; dates ISO strings.

/** A rider as admins list them (GET /api/riders): `activeOrders` counts the orders assigned and not yet delivered. */
export type RiderSummary = { id: string; name: string; phone: string | null; onDuty: boolean; activeOrders: number };

/** One order on the rider's page, oldest first: never its handover code. */
export type RiderOrder = {
  id: string;
  /** The code the customer sees, without `#`. */
  code: string;
  status: OrderStatus;
  /** The name on the delivery address. */
  customer: string;
  address: Address;
  /** The customer's phone as they typed it, for a `tel:` link. */
  phone: string;
  /** `https://www.google.com/maps/search/?api=1&query=<address>`. */
  mapUrl: string;
  /** Bowls in the order, all lines' quantities. */
  bowls: number;
  promisedBy: string;
  /** Rupees to collect in cash at the door (Cash on Delivery not yet paid); null when paid online. */
  collect: number | null;
};

/** GET /api/riders/me: the rider's switch, phone and assigned orders. */
export type RiderHome = { id: string; name: string; phone: string | null; onDuty: boolean; orders: RiderOrder[] };

/** One delivery of the day in a rider's ledger: the cash they took for it (0 for one paid online). */
type LedgerDelivery = { orderId: string; code: string; cash: number };

/**
 * GET /api/riders/{id}/ledger?date=: the India day's cash collected and handed in, and what the
 * rider still owed at the end of that day (today: now), counting every earlier day too.
 */
export type RiderLedger = { date: string; collected: number; settled: number; owed: number; deliveries: LedgerDelivery[] };

/** Cash a rider handed in (POST /api/riders/{id}/settlements). */
export type RiderSettlement = { id: string; riderId: string; amount: number; note: string | null; createdAt: string; createdBy: string };
