import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { listFavouriteItems } from "@/lib/favourites/queries";
import { factsOf } from "@/lib/menu/query";
import { EmptyState } from "@/components/ui/empty-state";
import { MenuGrid } from "@/components/shop/menu-card";
import { MenuQueryProvider } from "@/components/shop/menu-query";
import { NoneKept } from "@/components/shop/none-kept";

// The customer's favourites (product.md §13): the bowls they keep, the latest first, as the menu's
// cards, each with its heart; letting one go takes it off the page at once.

// Per visitor (the session): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "My favourites", robots: { index: false, follow: false } };

const EMPTY = "You have not saved any favourites yet.";
const HINT = "Tap the heart on a bowl on the menu to keep it here.";

export default async function FavouritesPage() {
  const user = await requirePageUser("/account/favourites");
  const items = await listFavouriteItems(user);

  return (
    <>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">My favourites</h1>
        {items.length > 0 && (
          <Link href="/menu?favourites=1" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
            Show them on the menu
          </Link>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState message={EMPTY} detail={HINT} links={[{ href: "/menu", label: "Browse the menu", primary: true }]} />
      ) : (
        <MenuQueryProvider items={items.map(factsOf)} categories={[]} keptOnly>
          {/* The cards' names are h3, as on the menu, under its category headings. */}
          <h2 className="sr-only">Saved bowls</h2>
          <NoneKept message={EMPTY} detail={HINT} />
          <MenuGrid items={items} />
        </MenuQueryProvider>
      )}
    </>
  );
}
