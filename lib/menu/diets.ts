import "server-only";
import { listMenu } from "@/lib/menu/queries";
import type { Diet } from "@/lib/menu/facts";

/**
 * Each menu item's diet by id, from the cached menu, for the order pages' diet marks (product.md
 * §8). Order lines keep no diet of their own: a bowl's diet is what it is made of, and a line
 * whose item has since been removed simply shows no mark.
 */
export async function dietsByItem(): Promise<ReadonlyMap<string, Diet>> {
  const groups = await listMenu();
  return new Map(groups.flatMap((g) => g.items.map((item) => [item.id, item.diet] as const)));
}
