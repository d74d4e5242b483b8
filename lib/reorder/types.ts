import type { CartLine } from "@/lib/cart/types";

// What "Order again" answers (product.md §13), client-safe: types only.

/** Why a line of the earlier order could not go back into the cart. */
export type SkipReason = "sold_out" | "removed" | "option_unavailable";

/** A line left out, by the name the customer knows it by. */
export type SkippedLine = { name: string; reason: SkipReason };

/** POST /api/orders/{id}/reorder: the cart lines at today's prices, with the same options and note, and what was left out. */
export type ReorderReply = { lines: CartLine[]; skipped: SkippedLine[] };
