import type { PortionKey } from "@/lib/portions";
import type { OrderStatus } from "@/lib/orders/status";
import type { Address, PaymentMethodLabel } from "@/lib/orders/schema";
import type { DeliverySlot } from "@/lib/store/types";

// Shapes of an order that the pages, the API, the mails and the browser share (client-safe:
// types only, so a client component or the mail worker can import them without the server's code).

/** A chosen option as it was when ordered (product.md §8): its choice id, group and name, and extra price in rupees. */
export type OrderLineOption = { id: string; group: string; name: string; price: number };

export type ApiOrderLine = {
  menuItemId: string | null;
  name: string;
  portion: PortionKey;
  /** The portion's price plus the chosen options' prices. */
  unitPrice: number;
  quantity: number;
  /** unitPrice × quantity. */
  lineTotal: number;
  /** The chosen options in group then choice order; [] for a line without any (and orders placed before options). */
  options: OrderLineOption[];
  /** The customer's note for the kitchen; null when none. */
  note: string | null;
};

/** The contract's Order shape (product.md §4); dates are ISO strings so pages can hand it to the client. */
export type ApiOrder = {
  id: string;
  _id: string;
  items: ApiOrderLine[];
  address: Address;
  paymentMethod: PaymentMethodLabel;
  subtotal: number;
  deliveryFee: number;
  /** Rupees for packaging (product.md §11), from the business details when placed; 0 for orders before it. */
  packagingCharge: number;
  /** Rupees off from a coupon (product.md §13); 0 without one. */
  discount: number;
  /** The coupon as it was when the order was placed; null without one. */
  coupon: { code: string; description: string } | null;
  /** subtotal − discount + deliveryFee + packagingCharge. */
  total: number;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  user: { id: string; _id: string; name: string; email: string };
  /** The slot the order took (product.md §9). */
  deliverySlot: DeliverySlot;
  /** True when the customer chose the slot; false for "as soon as possible". */
  scheduled: boolean;
  /** When it is promised by: the slot's end, later if the kitchen runs late (ISO). */
  promisedBy: string;
  /** The delivery area's name; null while the shop defines none. */
  deliveryArea: string | null;
  /** Where the order's money stands (product.md §10). */
  payment: OrderPayment;
  /** The bill issued when it was delivered (product.md §11); null before. */
  invoice: OrderInvoiceRef | null;
  /** The customer's rating once delivered (product.md §13); null until they rate it. */
  rating: OrderRating | null;
  /** The rider it is assigned to (product.md §12); null before dispatch. */
  rider: OrderRider | null;
  /**
   * The 4 digits its customer gives the rider at the door (product.md §12): only on the single
   * order read by its owner or an admin, never in lists, never to the rider.
   */
  handoverCode?: string;
  /** When the customer asked for updates on WhatsApp at the payment step (product.md §14, ISO); null: not asked. */
  whatsappConsentAt: string | null;
};

/** An order's rider as every order shows them: `phone` is +91 and 10 digits, null until given. */
export type OrderRider = { id: string; name: string; phone: string | null };

/** A delivered order's rating: 1 to 5 stars, the comment (null for none) and when it was given (ISO). */
export type OrderRating = { stars: number; comment: string | null; at: string };

/** An order's bill as the order shows it; the whole bill is GET /api/orders/{id}/invoice. */
type OrderInvoiceRef = { number: string; issuedAt: string };

type PaymentStatusKey = "due_on_delivery" | "awaiting" | "paid" | "failed" | "refund_pending" | "partially_refunded" | "refunded";

/** product.md §10: `gateway` is "razorpay" for an online payment, null for cash; amounts in rupees; dates ISO. */
export type OrderPayment = {
  method: PaymentMethodLabel;
  status: PaymentStatusKey;
  gateway: "razorpay" | null;
  gatewayOrderId: string | null;
  gatewayPaymentId: string | null;
  paidAt: string | null;
  refundedAt: string | null;
  refundedAmount: number;
  /** Every refund of the order, oldest first: a failed one stays until an admin retries it. */
  refunds: OrderRefund[];
  /** The rider (user id) who took a Cash on Delivery order's cash at the door (product.md §12); null otherwise. */
  collectedBy: string | null;
};

/** One refund (product.md §10), in rupees; `cash` when it was paid back by hand (a cash order). */
export type OrderRefund = {
  id: string;
  amount: number;
  reason: string;
  status: "pending" | "processed" | "failed";
  method: "gateway" | "cash";
  createdAt: string;
  processedAt: string | null;
  /** Why it failed, in the gateway's words (no secrets), for the admin who retries it; null unless failed. */
  lastError: string | null;
};

/** Who moved an order on (product.md §7): its customer (a cancellation), an admin, the shop itself, or its rider (§12). */
export type OrderActor = "customer" | "admin" | "system" | "rider";

/** One step of an order's history: the status it reached, when (ISO), by whom, and a note when the step says more ("delayed 15 min"). */
export type OrderHistoryEntry = { status: OrderStatus; at: string; by: OrderActor; note?: string };

/**
 * An order as read back (GET /api/orders/{id}, the lists, PATCH's reply): with its `history`,
 * oldest first, starting with `pending` when it was placed.
 */
export type ApiOrderWithHistory = ApiOrder & { history: OrderHistoryEntry[] };

/**
 * An order as the rider carrying it reads it (product.md §12): what the door needs, so neither
 * the customer's e-mail nor the handover code.
 */
export type CarriedOrder = Omit<ApiOrderWithHistory, "user" | "handoverCode"> & { user: Omit<ApiOrder["user"], "email"> };

/** What cancelling all of one customer's open orders answers: how many, and those orders as they are now. */
export type CancelledOrders = { cancelled: number; orders: ApiOrderWithHistory[] };

/** What placing an order answers: the order, and whether this request created it (false for a replayed Idempotency-Key). */
export type PlacedOrder = {
  order: ApiOrderWithHistory;
  created: boolean;
  /** For an order to be paid online (product.md §10): what Checkout opens with; null when the gateway could not be reached. */
  checkout?: CheckoutValues | null;
};

/** The values the gateway's Checkout is opened with (product.md §10); amount in its smallest unit (paise). */
export type CheckoutValues = {
  key: string;
  orderId: string;
  amount: number;
  currency: "INR";
  name: string;
  prefill: { name: string; email: string; contact: string };
};

export type DashboardStats = {
  /** Orders placed today (Asia/Kolkata), cancelled ones included. */
  todayOrders: number;
  /** Rupees from today's orders that were not cancelled. */
  todayRevenue: number;
  /** Orders waiting for the kitchen to confirm them, whenever they were placed. */
  pendingOrders: number;
};
