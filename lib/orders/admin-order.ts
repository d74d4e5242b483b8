import "server-only";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { ApiOrderWithHistory } from "@/lib/orders/types";
import { findOrderFor } from "@/lib/orders/queries";

/**
 * Any customer's order with its history, for the admin order page (product.md §7). Only an
 * admin may read it (Forbidden for anyone else, whatever the page checked first); null for an
 * unknown or malformed id.
 */
export async function findOrderForAdmin(admin: SessionUser, id: string): Promise<ApiOrderWithHistory | null> {
  assertAdmin(admin);
  return findOrderFor(admin, id);
}
