import { rowRoute } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { removeFavourite, saveFavourite } from "@/lib/favourites/writes";

// Keep a bowl, or let it go (product.md §13); an unknown item is 404. No body: the address says it all.
export const PUT = rowRoute(requireUser, saveFavourite, "menuItemId");

export const DELETE = rowRoute(requireUser, removeFavourite, "menuItemId");
