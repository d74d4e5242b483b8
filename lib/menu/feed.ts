import "server-only";
import { createHash } from "node:crypto";
import { cacheAsMenu } from "@/lib/menu/cache";
import { listMenu } from "@/lib/menu/queries";
import { toApiItem } from "@/lib/menu/rows";
import type { MenuFilters, MenuQuery } from "@/lib/menu/query";

// GET /api/menu's body, from the same cached menu the pages use, itself cached under the menu's
// tag (a search is not: any text is a new key). Admin changes expire it at once on every
// instance; shared caches (a CDN) may keep a copy for MAX_SHARED_SECONDS and serve a stale one
// while they fetch the next.

const MAX_SHARED_SECONDS = 60;
const STALE_SECONDS = 300;

export const MENU_CACHE_CONTROL = `public, max-age=0, s-maxage=${MAX_SHARED_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;

type MenuFeed = { body: string; etag: string };

/** The flat menu as JSON (optionally `search`, `category` and the §8 filters), with a strong ETag of its bytes. */
export async function menuFeed(query: MenuQuery): Promise<MenuFeed> {
  const category = query.category ?? null;
  // Only what could be a category's slug is kept: any other text would be a new key.
  const keepable = !query.search && (category === null || SLUG.test(category));
  return keepable ? cachedFeed(category, query.filters) : feedOf(query);
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

async function cachedFeed(category: string | null, filters: MenuFilters): Promise<MenuFeed> {
  "use cache";
  cacheAsMenu();
  return feedOf({ category: category ?? undefined, filters });
}

async function feedOf(query: MenuQuery): Promise<MenuFeed> {
  const groups = await listMenu(query);
  const body = JSON.stringify(groups.flatMap((g) => g.items).map(toApiItem));
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  return { body, etag };
}

/** True when an If-None-Match header already names this ETag (RFC 9110 weak comparison). */
export function isNotModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
