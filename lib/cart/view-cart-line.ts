import { formatRupees } from "@/lib/money";

/** The menu's cart bar on phones (issue 35): `View cart · 2 items · ₹398`, `1 item` for one bowl. Client-safe. */
export function viewCartLine(count: number, subtotal: number): string {
  return `View cart · ${count} ${count === 1 ? "item" : "items"} · ${formatRupees(subtotal)}`;
}
