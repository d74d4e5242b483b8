import Link from "next/link";
import type { Metadata } from "next";
import type { MenuCategory, MenuGroup } from "@/lib/menu/types";
import { MenuGrid } from "@/components/shop/menu-card";
import { FilterPills } from "@/components/ui/filter-pills";
import { EmptyState } from "@/components/ui/empty-state";
import type { MenuFilters } from "@/lib/menu/schema";
import { filtersText, hasFilters, menuHref, MenuFilterToggles } from "@/components/shop/menu-filters";

// The /menu page's parts: its metadata and heading (the prerendered shell), the placeholder
// shown until the query's part arrives, and that part (categories, filters, the bowls).

const DESCRIPTION =
  "Chicken, veg and egg salads from Fresh Bowl's cloud kitchen in Bengaluru, in Small, Medium and Large portions, ready in about 30 minutes.";

export function menuMetadata(): Metadata {
  const title = "Our Menu";
  const description = DESCRIPTION;
  const canonical = "/menu";
  return {
    title,
    description,
    // Every category, search and filter is a view of this one page.
    alternates: { canonical },
    openGraph: {
      type: "website",
      siteName: "Fresh Bowl",
      locale: "en_IN",
      title: `${title} · Fresh Bowl`,
      description,
      url: canonical,
      images: ["/images/hero.svg"],
    },
  };
}

function emptyMessage(search: string | undefined, filters: MenuFilters): string {
  const what = hasFilters(filters) ? ` ${filtersText(filters)}` : "";
  if (search) return `No salads match “${search}”${what ? ` (${what.trim()})` : ""}.`;
  return what ? `No salads are${what}.` : "No salads here yet.";
}

export function MenuIntro() {
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">Our Menu</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Every bowl is tossed to order and ready in about 30 minutes. Pick a portion: Small 250g, Medium 350g or Large 400g.
      </p>
    </>
  );
}

type Props = {
  categories: MenuCategory[];
  active?: MenuCategory;
  search?: string;
  /** The §8 filters of a per-request view; none on the cached pages. */
  filters?: MenuFilters;
  /** What to show: the whole menu, one category, or the search's matches. */
  groups: MenuGroup[];
  /** Keeps ids unique where the page holds two views (the whole menu and a query's). */
  idPrefix?: string;
};

export function MenuView({ categories, active, search, filters = {}, groups, idPrefix = "menu" }: Props) {
  const count = groups.reduce((n, g) => n + g.items.length, 0);
  const query = { category: active?.slug, search, filters };
  const filtered = hasFilters(filters);
  const unfiltered = menuHref({ ...query, filters: {} });
  const salads = `${count} ${count === 1 ? "salad" : "salads"}`;
  const pills = [{ slug: undefined, name: "All" }, ...categories].map((o) => ({
    key: o.slug ?? "all",
    label: o.name,
    href: menuHref({ ...query, category: o.slug }),
    current: o.slug === active?.slug,
  }));

  return (
    <div>
      <FilterPills label="Menu categories" pills={pills} className="mt-4" />
      <MenuFilterToggles query={query} />

      {search && (
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1" role="status">
          <p className="font-medium text-stone-800">
            Results for “{search}”{count > 0 ? ` (${salads})` : ""}
          </p>
          <Link
            href={menuHref({ ...query, search: undefined })}
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

      {count === 0 ? (
        <EmptyState
          message={emptyMessage(search, filters)}
          detail={filtered ? "Try fewer filters: each one you add narrows the menu." : undefined}
          links={[
            ...(filtered ? [{ href: unfiltered, label: "Clear filters", primary: true }] : []),
            ...(filtered && unfiltered === "/menu" ? [] : [{ href: "/menu", label: "See the whole menu", primary: !filtered }]),
          ]}
          className="mt-8"
        />
      ) : (
        groups.map((group, index) => (
          <section key={group.category.id} aria-labelledby={`${idPrefix}-category-${group.category.slug}`} className="mt-8">
            <h2 id={`${idPrefix}-category-${group.category.slug}`} className="mb-4 text-2xl font-bold text-stone-900">
              {group.category.name}
            </h2>
            <MenuGrid items={group.items} preloadFirst={index === 0 ? 2 : 0} idPrefix={idPrefix} />
          </section>
        ))
      )}
    </div>
  );
}
