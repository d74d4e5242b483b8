"use client";

import Link from "next/link";
import { FilterPills } from "@/components/ui/filter-pills";
import { EmptyState } from "@/components/ui/empty-state";
import { filtersText, menuHref, MenuFilterToggles } from "@/components/shop/menu-filters";
import { useShown } from "@/components/shop/menu-query";
import { hasFilters, type MenuFilters } from "@/lib/menu/query";
import type { MenuCategory } from "@/lib/menu/types";

// Above /menu's sections: the categories, the §8 filters, and what the query found, in words.

function emptyMessage(search: string | undefined, filters: MenuFilters): string {
  const what = hasFilters(filters) ? ` ${filtersText(filters)}` : "";
  if (search) return `No salads match “${search}”${what ? ` (${what.trim()})` : ""}.`;
  return what ? `No salads are${what}.` : "No salads here yet.";
}

export function MenuControls({ categories }: { categories: MenuCategory[] }) {
  const { query, count } = useShown();
  const { search, filters } = query;
  const active = categories.find((c) => c.slug === query.category);
  const shownQuery = { ...query, category: active?.slug };
  const filtered = hasFilters(filters);
  const unfiltered = menuHref({ ...shownQuery, filters: {} });
  const salads = `${count} ${count === 1 ? "salad" : "salads"}`;
  const pills = [{ slug: undefined, name: "All" }, ...categories].map((o) => ({
    key: o.slug ?? "all",
    label: o.name,
    href: menuHref({ ...shownQuery, category: o.slug }),
    current: o.slug === active?.slug,
  }));

  return (
    <>
      <FilterPills label="Menu categories" pills={pills} className="mt-4" />
      <MenuFilterToggles query={shownQuery} />

      {search && (
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1" role="status">
          <p className="font-medium text-stone-800">
            Results for “{search}”{count > 0 ? ` (${salads})` : ""}
          </p>
          <Link
            href={menuHref({ ...shownQuery, search: undefined })}
            className="text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            Clear search
          </Link>
        </div>
      )}

      {filtered && !search && count > 0 && (
        <p className="mt-4 font-medium text-stone-800" role="status">
          {salads}: {filtersText(filters)}
        </p>
      )}

      {count === 0 && (
        <EmptyState
          message={emptyMessage(search, filters)}
          detail={filtered ? "Try fewer filters: each one you add narrows the menu." : undefined}
          links={[
            ...(filtered ? [{ href: unfiltered, label: "Clear filters", primary: true }] : []),
            ...(filtered && unfiltered === "/menu" ? [] : [{ href: "/menu", label: "See the whole menu", primary: !filtered }]),
          ]}
          className="mt-8"
        />
      )}
    </>
  );
}
