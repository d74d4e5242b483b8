"use client";

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "next/navigation";
import { useIsClient } from "@/lib/use-is-client";
import { useSignedIn } from "@/lib/auth/signed-in";
import { useKept } from "@/lib/favourites/kept";
import { matchesQuery, menuQueryFrom, type MenuItemFacts, type MenuQuery } from "@/lib/menu/query";

// /menu is prerendered once, whole, for every query: the server cannot know ?category, ?search
// or the §8 filters without rendering per request. The browser reads them here and shows the
// items that answer (lib/menu/query.ts, the rule /api/menu applies too); the cards themselves
// stay server-rendered, passed in as children. Without JavaScript the page is the whole menu.

/** Whether the bowls someone keeps are known, under ?favourites=1 (product.md §13). */
type KeptState = "signed-out" | "loading" | "ready";

/** The query, the ids it shows (null: no query, all), how many, and under ?favourites=1 whether they are known. */
type Shown = { query: MenuQuery; ids: ReadonlySet<string> | null; count: number; kept?: KeptState };

const NO_QUERY: MenuQuery = { filters: {} };
const EVERYTHING: Shown = { query: NO_QUERY, ids: null, count: 0 };

const ShownContext = createContext<Shown | null>(null);

function QueryFromUrl({ onQuery }: { onQuery: (params: string) => void }) {
  const params = useSearchParams().toString();
  useEffect(() => onQuery(params), [params, onQuery]);
  return null;
}

/** Holds the menu's query and which of `items` it shows; `keptOnly`: only the kept ones, whatever the query. */
export function MenuQueryProvider({
  items,
  categories,
  keptOnly = false,
  children,
}: {
  items: MenuItemFacts[];
  /** The slugs of every category; an unknown one in the query counts as none (the whole menu). */
  categories: string[];
  keptOnly?: boolean;
  children: ReactNode;
}) {
  const [params, setParams] = useState("");
  const user = useSignedIn((s) => s.user);
  const kept = useKept((s) => s.ids);
  const shown = useMemo((): Shown => {
    if (params === "" && !keptOnly) return { ...EVERYTHING, count: items.length };
    const parsed = menuQueryFrom(new URLSearchParams(params));
    const query = { ...parsed, category: categories.find((slug) => slug === parsed.category) };
    const favourites = keptOnly || query.favourites;
    const state: KeptState = user === null ? "signed-out" : kept ? "ready" : "loading";
    // A page of kept bowls (keptOnly) was listed by the server: all stay until the browser knows better.
    const keeps = (id: string) => !favourites || (kept ? kept.has(id) : keptOnly);
    const ids = new Set(items.filter((item) => matchesQuery(item, query) && keeps(item.id)).map((item) => item.id));
    return { query, ids, count: ids.size, kept: favourites ? state : undefined };
  }, [items, categories, params, keptOnly, user, kept]);
  return (
    <ShownContext value={shown}>
      {/* Only in the browser: the query string is what the prerender cannot know. */}
      {useIsClient() && !keptOnly && <QueryFromUrl onQuery={setParams} />}
      {children}
    </ShownContext>
  );
}

/** The query and the ids it shows; outside a menu (the landing page's popular bowls) nothing is hidden. */
export function useShown(): Shown {
  return useContext(ShownContext) ?? EVERYTHING;
}

/** A card's place in a grid, hidden when the query leaves the item out. */
export function MenuSlot({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  const { ids } = useShown();
  return (
    <li className={className} hidden={ids !== null && !ids.has(id)}>
      {children}
    </li>
  );
}
