import { Suspense } from "react";
import { env } from "@/lib/env";
import { getCategories, listMenu } from "@/lib/menu/queries";
import { menuFiltersFrom, normalizeSearch } from "@/lib/menu/schema";
import { hasFilters } from "@/components/shop/menu-filters";
import { MenuIntro, MenuView, menuMetadata } from "@/components/shop/menu-view";
import { RestaurantJsonLd } from "@/components/shop/restaurant-json-ld";

// /menu, with ?category=<slug>, ?search=text and the §8 filters (?diet=veg, ?protein=high,
// ?free=milk,gluten) in any combination. The whole menu is in the prerendered shell, so plain
// /menu reads as a complete page without JavaScript (and to crawlers). A query's own
// view renders per request inside <Suspense> (from the cached menu; only a search reads the
// database) and, once in place, hides the whole menu (globals.css, .menu-page).

// The same for every query: metadata that followed the query would be streamed into the body.
export const metadata = menuMetadata();

type SearchParams = PageProps<"/menu">["searchParams"];

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `free` as product.md gives it (milk,gluten), or repeated (free=milk&free=gluten) as a plain form would send it. */
function all(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}

async function QueryView({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const categories = await getCategories();
  const active = categories.find((c) => c.slug === first(params.category));
  const filters = menuFiltersFrom({ diet: first(params.diet), protein: first(params.protein), free: all(params.free) });
  const search = normalizeSearch(first(params.search));
  if (!active && !search && !hasFilters(filters)) return null;
  const groups = await listMenu({ search, category: active?.slug, filters });
  return (
    <div data-query-view>
      <MenuView categories={categories} active={active} search={search} filters={filters} groups={groups} idPrefix="query" />
    </div>
  );
}

export default async function MenuPage({ searchParams }: PageProps<"/menu">) {
  const [categories, fullMenu] = await Promise.all([getCategories(), listMenu()]);
  return (
    <div className="menu-page">
      <RestaurantJsonLd baseUrl={env().appUrl} groups={fullMenu} />
      <MenuIntro />
      <Suspense fallback={null}>
        <QueryView searchParams={searchParams} />
      </Suspense>
      <div data-full-menu>
        <MenuView categories={categories} groups={fullMenu} />
      </div>
    </div>
  );
}
