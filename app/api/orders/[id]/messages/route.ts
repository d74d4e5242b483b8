import { rowRoute } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { orderMessages } from "@/lib/notifications/queries";

// Every message sent about the order, on every channel, with its state (product.md §14); admins only.
export const GET = rowRoute(requireAdmin, orderMessages);
