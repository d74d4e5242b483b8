import { Suspense } from "react";
import { env } from "@/lib/env";
import { getCategories, listMenu } from "@/lib/menu/queries";
import { menuFiltersFrom, normalizeSearch } from "@/lib/menu/schema";
import { MenuIntro, MenuLoading, MenuView, menuMetadata } from "@/components/shop/menu-view";
import { RestaurantJsonLd } from "@/components/shop/restaurant-json-ld";

// /menu, with ?category=<slug>, ?search=text and the §8 filters (?diet=veg, ?protein=high,
// ?free=milk,gluten) in any combination. Prerendered: the heading and the restaurant's JSON-LD
// are the static shell; what the query chooses is rendered per request inside <Suspense>, from
// the cached menu (only a search reads the database).

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

async function MenuForQuery({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const categories = await getCategories();
  const active = categories.find((c) => c.slug === first(params.category));
  const filters = menuFiltersFrom({ diet: first(params.diet), protein: first(params.protein), free: all(params.free) });
  const search = normalizeSearch(first(params.search));
  const groups = await listMenu({ search, category: active?.slug, filters });
  return <MenuView categories={categories} active={active} search={search} filters={filters} groups={groups} />;
}

export default async function MenuPage({ searchParams }: PageProps<"/menu">) {
  return (
    <div>
      <RestaurantJsonLd baseUrl={env().appUrl} groups={await listMenu()} />
      <MenuIntro />
      <Suspense fallback={<MenuLoading />}>
        <MenuForQuery searchParams={searchParams} />
      </Suspense>
    </div>
  );
}
