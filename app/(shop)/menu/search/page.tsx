import type { Metadata } from "next";
import { env } from "@/lib/env";
import { getCategories, listMenu } from "@/lib/menu/queries";
import { menuFiltersFrom, normalizeSearch } from "@/lib/menu/schema";
import { MenuView, menuMetadata } from "@/components/shop/menu-view";
import { hasFilters } from "@/components/shop/menu-filters";

// /menu?search=text and /menu with the §8 filters (?diet=veg, ?protein=high, ?free=milk,gluten),
// each with or without ?category= and with each other, rendered per request: every combination
// is a new page, so caching them would only fill the cache. The filters themselves run on the
// cached menu rows (lib/menu/queries.ts); only a search reads the database. next.config.ts
// rewrites to here.

type SearchParams = PageProps<"/menu/search">["searchParams"];

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `free` as product.md gives it (milk,gluten), or repeated (free=milk&free=gluten) as a plain form would send it. */
function all(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}

async function queryOf(searchParams: SearchParams) {
  const params = await searchParams;
  const categories = await getCategories();
  const active = categories.find((c) => c.slug === first(params.category));
  const filters = menuFiltersFrom({ diet: first(params.diet), protein: first(params.protein), free: all(params.free) });
  return { categories, active, search: normalizeSearch(first(params.search)), filters };
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { active, search, filters } = await queryOf(searchParams);
  return menuMetadata(active, search, hasFilters(filters));
}

export default async function MenuSearchPage({ searchParams }: { searchParams: SearchParams }) {
  const { categories, active, search, filters } = await queryOf(searchParams);
  const [groups, fullMenu] = await Promise.all([listMenu({ search, category: active?.slug, filters }), listMenu()]);
  return (
    <MenuView
      baseUrl={env().appUrl}
      categories={categories}
      active={active}
      search={search}
      filters={filters}
      groups={groups}
      fullMenu={fullMenu}
    />
  );
}
