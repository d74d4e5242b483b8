import type { ApiMenuItem } from "@/lib/menu/types";

// Shapes of a customer's favourites (product.md §13) that the API and the pages share (client-safe).

/** A kept bowl: the item as GET /api/menu shapes it, which item it is, and when it was kept. */
export type ApiFavourite = ApiMenuItem & { menuItemId: string; savedAt: string };
