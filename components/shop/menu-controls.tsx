"use client";

import { lazy, Suspense } from "react";
import { FilterPills } from "@/components/ui/filter-pills";
import { menuHref, MenuFilterToggles } from "@/components/shop/menu-filters";
import { useShown } from "@/components/shop/menu-query";
import { hasFilters } from "@/lib/menu/query";
import type { MenuCategory } from "@/lib/menu/types";

// Above /menu's sections: the categories, the §8 filters and favourites, and what the query
// found, in words (menu-findings.tsx, loaded only when there is something to say).

const MenuFindings = lazy(() => import("@/components/shop/menu-findings"));

export function MenuControls({ categories }: { categories: MenuCategory[] }) {
  const { query, count, kept } = useShown();
  const active = categories.find((c) => c.slug === query.category);
  const shownQuery = { ...query, category: active?.slug };
  const pills = [{ slug: undefined, name: "All" }, ...categories].map((o) => ({
    key: o.slug ?? "all",
    label: o.name,
    href: menuHref({ ...shownQuery, category: o.slug }),
    current: o.slug === active?.slug,
  }));
  const noteworthy = Boolean(query.search) || hasFilters(query.filters) || Boolean(kept) || count === 0;

  return (
    <>
      <FilterPills label="Menu categories" pills={pills} className="mt-4" />
      <MenuFilterToggles query={shownQuery} />
      {noteworthy && (
        <Suspense>
          <MenuFindings query={shownQuery} />
        </Suspense>
      )}
    </>
  );
}
