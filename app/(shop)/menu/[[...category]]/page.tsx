import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { env } from "@/lib/env";
import { getCategories, listMenu } from "@/lib/menu/queries";
import { MenuView, menuMetadata } from "@/components/shop/menu-view";

// /menu and /menu?category=<slug>, served from the cache. next.config.ts rewrites
// `?category=<slug>` to /menu/<slug> (a path, because a cached page cannot read the query) and
// `?search=` to the per-request page beside this one. The /menu/<slug> form itself is not a
// public URL: proxy.ts sends it home.
//
// No paths are rendered at build time (there is no database during `next build`): each is
// rendered on its first visit, then served from the cache until an admin change expires the
// menu tag (lib/menu/cache.ts) or a minute passes.

export const revalidate = 60;

export function generateStaticParams(): { category?: string[] }[] {
  return [];
}

type Props = PageProps<"/menu/[[...category]]">;

async function activeCategory(params: Props["params"]) {
  const { category: path = [] } = await params;
  if (path.length > 1) notFound();
  const categories = await getCategories();
  const slug = path[0];
  const active = slug === undefined ? undefined : categories.find((c) => c.slug === slug);
  // An unknown category (an old link, a typo) shows the whole menu at its one address.
  if (slug !== undefined && !active) redirect("/menu");
  return { categories, active };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { active } = await activeCategory(params);
  return menuMetadata(active, undefined);
}

export default async function MenuPage({ params }: Props) {
  const { categories, active } = await activeCategory(params);
  const [groups, fullMenu] = await Promise.all([listMenu({ category: active?.slug }), listMenu()]);
  return <MenuView baseUrl={env().appUrl} categories={categories} active={active} groups={groups} fullMenu={fullMenu} />;
}
