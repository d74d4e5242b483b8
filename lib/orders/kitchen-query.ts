import { z } from "zod";
import { looksLikeRowId } from "@/lib/db/schema";
import type { TicketsWanted } from "@/lib/orders/kitchen-rules";

// GET /api/kitchen's query string, written by the display and read by the route (client-safe):
// nothing: the whole board, every listed ticket in full, as the page reads it; `ids=a,b`: the
// column lists and counts, and in full only those orders' tickets (a live notice named them, or
// the display lacks them).

/** More orders than this at once: the display reads the whole board (bounded too) instead. */
export const MAX_NAMED_ORDERS = 100;

const IDS = `must be 1 to ${MAX_NAMED_ORDERS} order ids, comma-separated`;

export const kitchenQuerySchema = z.object({
  ids: z
    .string({ error: IDS })
    .transform((v) => [...new Set(v.split(","))])
    .pipe(z.array(z.string().refine(looksLikeRowId, IDS)).min(1, IDS).max(MAX_NAMED_ORDERS, IDS)),
});

/** The search string (with its `?`, or none) asking for `wanted`. */
export function kitchenSearch(wanted: TicketsWanted): string {
  return wanted === "board" ? "" : `?${new URLSearchParams({ ids: wanted.join(",") })}`;
}
