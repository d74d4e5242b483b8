import type { DashboardStats } from "@/lib/orders/types";

// What the admin dashboard shows (product.md §7). Client-safe: types only.

/** Today's figures: the counts of DashboardStats, and how fast today's orders reached their customers. */
export type TodayFigures = DashboardStats & {
  /** Orders placed today (Asia/Kolkata) that have been delivered. */
  deliveredOrders: number;
  /** Of those, the ones delivered by the time promised (their `promisedBy`, product.md §9). */
  deliveredOnTime: number;
  /** Their average minutes from placed to delivered; null while none has been delivered. */
  averageDeliveryMinutes: number | null;
};

/** One India day: its date (`YYYY-MM-DD`), the orders placed that were not cancelled, and their revenue in rupees. */
export type DayRevenue = { date: string; orders: number; revenue: number };

/** A bowl among the best sellers: its name on the menu (or the one it was sold under, once deleted), portions sold and the rupees they brought. */
export type BestSeller = { name: string; quantity: number; revenue: number };

/**
 * Today's takings (India day, product.md §10), in rupees: money that came in less money paid back
 * today, so a figure is below zero when today's refunds outweigh today's takings that way.
 */
export type Takings = {
  /** Captured by the gateway today, less the gateway refunds that completed today. */
  online: number;
  /** The gateway refunds that completed today (already taken off `online`). */
  onlineRefunded: number;
  /** Cash on Delivery orders delivered today, less cash paid back today. */
  cash: number;
  /** Cash paid back today (already taken off `cash`). */
  cashRefunded: number;
  /** online + cash. */
  total: number;
};

/** An order holding refunds the gateway turned down: how many and how many rupees, to retry from its page. */
export type RefundToRetry = { orderId: string; refunds: number; amount: number };

/** A low rating (2 stars or fewer) as the dashboard lists it: the order, the stars, the comment, when (ISO) and the customer's name from the address. */
type LowRating = { orderId: string; stars: number; comment: string | null; at: string; customer: string };

/** The ratings of the last 30 India days (product.md §13). */
export type RatingFigures = {
  /** How many orders were rated in those days. */
  ratings: number;
  /** Their average stars, to one decimal; null when there are none. */
  average: number | null;
  /** The latest ratings of 2 stars or fewer, whenever given, newest first. */
  low: LowRating[];
};

export type DashboardFigures = {
  today: TodayFigures;
  /** Today's money, online and in cash. */
  takings: Takings;
  /** Orders with a failed refund, oldest failure first. */
  refundsToRetry: RefundToRetry[];
  /** The last 14 India days, oldest first, today last; days without orders are zeros. */
  revenueByDay: DayRevenue[];
  /** The 5 bowls sold most over the last 7 India days, most sold first. */
  bestSellers: BestSeller[];
  /** How the customers rated their orders. */
  ratings: RatingFigures;
};
