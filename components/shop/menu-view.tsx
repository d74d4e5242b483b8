import type { Metadata } from "next";
import type { MenuCategory, MenuGroup } from "@/lib/menu/types";
import { factsOf } from "@/lib/menu/query";
import { ENERGY_NEEDS_NOTE } from "@/lib/billing/words";
import { MenuGrid } from "@/components/shop/menu-card";
import { MenuControls } from "@/components/shop/menu-controls";
import { MenuQueryProvider } from "@/components/shop/menu-query";

// The /menu page's parts: its metadata, its heading, and the menu with its controls. The
// cards are rendered here, once, for every query; the browser hides those a query leaves out
// (menu-query.tsx).

const DESCRIPTION =
  "Chicken, veg and egg salads from Fresh Bowl's cloud kitchen in Bengaluru, in Small, Medium and Large portions, delivered as soon as we can or in the slot you choose.";

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

export function MenuIntro() {
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">Our Menu</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Every bowl is tossed to order and delivered as soon as we can, or in the slot you choose. Pick a portion: Small 250g, Medium 350g or
        Large 400g.
      </p>
      {/* FSSAI's labelling rules want this beside calorie figures: each card's "Nutrition and
          allergens" gives its energy per portion. Once for the page, in its own words. */}
      <p className="mt-2 max-w-2xl text-sm text-stone-600">
        Each bowl&apos;s energy (kcal) and protein per portion are under &ldquo;Nutrition and allergens&rdquo; on its card.{" "}
        <span data-testid="energy-needs">{ENERGY_NEEDS_NOTE}</span>
      </p>
    </>
  );
}

export function MenuView({ categories, groups }: { categories: MenuCategory[]; groups: MenuGroup[] }) {
  const items = groups.flatMap((g) => g.items.map(factsOf));
  return (
    <MenuQueryProvider items={items} categories={categories.map((c) => c.slug)}>
      <MenuControls categories={categories} />
      {groups.map((group, index) => (
        // Hidden by globals.css (.menu-section) when the query hides every card in it.
        <section key={group.category.id} aria-labelledby={`category-${group.category.slug}`} className="menu-section mt-8">
          <h2 id={`category-${group.category.slug}`} className="mb-4 text-2xl font-bold text-stone-900">
            {group.category.name}
          </h2>
          <MenuGrid items={group.items} preloadFirst={index === 0 ? 2 : 0} />
        </section>
      ))}
    </MenuQueryProvider>
  );
}
