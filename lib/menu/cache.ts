import "server-only";
import { cacheLife, cacheTag, revalidateTag } from "next/cache";

// What a menu change expires, decided here only. The catalogue's cached reads (queries.ts) carry
// the menu tag, and so does every prerendered page and cached reply built from them; an admin's
// change (writes.ts) expires the tag, which Next.js's cache handlers share with every other
// instance (cache-handlers/tag-expiry.mjs).

const MENU_TAG = "menu";
// A menu change expires the tag at once; these bound what a CDN or a browser's router keeps.
const MENU_LIFE = { stale: 60, revalidate: 300, expire: 3600 };

/**
 * Inside a 'use cache' function: its result is built from the menu, and kept for the menu's
 * life, or for minutes when it also follows the orders.
 */
export function cacheAsMenu(life: "menu" | "minutes" = "menu"): void {
  cacheTag(MENU_TAG);
  if (life === "menu") cacheLife(MENU_LIFE);
  else cacheLife("minutes");
}

/** After a change to the catalogue: the next read of any page or reply built from it is fresh. */
export function expireMenu(): void {
  revalidateTag(MENU_TAG, { expire: 0 });
}
