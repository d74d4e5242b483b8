import type { Metadata } from "next";
import { env } from "@/lib/env";
import { getCategories, listMenu } from "@/lib/menu/queries";
import { normalizeSearch } from "@/lib/menu/schema";
import { MenuView, menuMetadata } from "@/components/shop/menu-view";

// /menu?search=text (with or without ?category=), rendered per request: every text is a new
// page, so caching them would only fill the cache. next.config.ts rewrites to here.

type SearchParams = PageProps<"/menu/search">["searchParams"];

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function filtersOf(searchParams: SearchParams) {
  const params = await searchParams;
  const categories = await getCategories();
  const active = categories.find((c) => c.slug === first(params.category));
  return { categories, active, search: normalizeSearch(first(params.search)) };
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { active, search } = await filtersOf(searchParams);
  return menuMetadata(active, search);
}

export default async function MenuSearchPage({ searchParams }: { searchParams: SearchParams }) {
  const { categories, active, search } = await filtersOf(searchParams);
  const [groups, fullMenu] = await Promise.all([listMenu({ search, category: active?.slug }), listMenu()]);
  return <MenuView baseUrl={env().appUrl} categories={categories} active={active} search={search} groups={groups} fullMenu={fullMenu} />;
}
