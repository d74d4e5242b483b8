"use client";

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "next/navigation";
import { useIsClient } from "@/lib/use-is-client";
import { matchesQuery, menuQueryFrom, type MenuItemFacts, type MenuQuery } from "@/lib/menu/query";

// /menu is prerendered once, whole, for every query: the server cannot know ?category, ?search
// or the §8 filters without rendering per request. The browser reads them here and shows the
// items that answer (lib/menu/query.ts, the rule /api/menu applies too); the cards themselves
// stay server-rendered, passed in as children. Without JavaScript the page is the whole menu.

/** The query, the ids it shows (null: no query, all) and how many. */
type Shown = { query: MenuQuery; ids: ReadonlySet<string> | null; count: number };

const NO_QUERY: MenuQuery = { filters: {} };
const EVERYTHING: Shown = { query: NO_QUERY, ids: null, count: 0 };

const ShownContext = createContext<Shown | null>(null);

function QueryFromUrl({ onQuery }: { onQuery: (params: string) => void }) {
  const params = useSearchParams().toString();
  useEffect(() => onQuery(params), [params, onQuery]);
  return null;
}

/** Holds the menu's query and which of `items` it shows. */
export function MenuQueryProvider({
  items,
  categories,
  children,
}: {
  items: MenuItemFacts[];
  /** The slugs of every category; an unknown one in the query counts as none (the whole menu). */
  categories: string[];
  children: ReactNode;
}) {
  const [params, setParams] = useState("");
  const shown = useMemo((): Shown => {
    if (params === "") return { ...EVERYTHING, count: items.length };
    const parsed = menuQueryFrom(new URLSearchParams(params));
    const query = { ...parsed, category: categories.find((slug) => slug === parsed.category) };
    const ids = new Set(items.filter((item) => matchesQuery(item, query)).map((item) => item.id));
    return { query, ids, count: ids.size };
  }, [items, categories, params]);
  return (
    <ShownContext value={shown}>
      {/* Only in the browser: the query string is what the prerender cannot know. */}
      {useIsClient() && <QueryFromUrl onQuery={setParams} />}
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
