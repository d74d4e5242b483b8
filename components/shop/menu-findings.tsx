"use client";

import Link from "next/link";
import { useShown } from "@/components/shop/menu-query";
import { menuHref } from "@/components/shop/menu-filters";
import { EmptyState } from "@/components/ui/empty-state";
import { useKept } from "@/lib/favourites/kept";
import { hasFilters, type MenuFilters, type MenuQuery } from "@/lib/menu/query";
import { allergenName } from "@/lib/menu/allergen-names";

// What a query of /menu found, in words: the search's results, the filters' count, the customer's
// favourites (product.md §13: sign in first, still asking, none kept yet), or nothing at all.
// Loaded only when there is something to say: the plain menu, most visitors' view, needs none of it.

const FAVOURITES_SIGN_IN = `/login?next=${encodeURIComponent("/menu?favourites=1")}`;
const HEART_HINT = "Tap the heart on a bowl to keep it here.";
const lineClass = "mt-4 font-medium text-stone-800";

/** In words, for the status line: "veg only, high protein, free from milk and gluten". */
function filtersText({ diet, highProtein, free }: MenuFilters): string {
  const parts = [diet === "veg" ? "veg only" : "", highProtein ? "high protein" : ""];
  if (free?.length) parts.push(`free from ${free.map(allergenName).join(", ")}`);
  return parts.filter(Boolean).join(", ");
}

function emptyMessage(search: string | undefined, filters: MenuFilters, favourites: boolean): string {
  const what = hasFilters(filters) ? ` ${filtersText(filters)}` : "";
  const which = favourites ? "of your favourites" : "salads";
  if (search) return `No ${which} match “${search}”${what ? ` (${what.trim()})` : ""}.`;
  if (favourites) return what ? `None of your favourites are${what}.` : "None of your favourites are on the menu now.";
  return what ? `No salads are${what}.` : "No salads here yet.";
}

/** Under ?favourites=1 before the bowls are known: sign in first, or wait; null once known. */
function FavouritesFirst() {
  const { kept } = useShown();
  if (kept === "signed-out") {
    return (
      <EmptyState
        message="Sign in to see your favourites."
        detail={HEART_HINT}
        links={[
          { href: FAVOURITES_SIGN_IN, label: "Sign in", primary: true },
          { href: "/menu", label: "See the whole menu" },
        ]}
        className="mt-8"
      />
    );
  }
  return (
    <p className={lineClass} role="status">
      Loading your favourites…
    </p>
  );
}

export default function MenuFindings({ query }: { query: MenuQuery }) {
  const { count, kept } = useShown();
  const keptCount = useKept((s) => s.ids?.size ?? 0);
  const { search, filters } = query;
  const favourites = Boolean(kept);
  if (kept && kept !== "ready") return <FavouritesFirst />;

  const filtered = hasFilters(filters);
  const unfiltered = menuHref({ ...query, filters: {} });
  const salads = `${count} ${count === 1 ? "salad" : "salads"}`;
  const wider = menuHref({ ...query, search: undefined, filters: {} });

  return (
    <>
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

      {!search && count > 0 && (favourites || filtered) && (
        <p className={lineClass} role="status">
          {favourites ? "Your favourites" : salads}: {favourites ? salads : filtersText(filters)}
          {favourites && filtered ? `, ${filtersText(filters)}` : ""}
        </p>
      )}

      {count === 0 &&
        (favourites && keptCount === 0 ? (
          <EmptyState
            message="You have not saved any favourites yet."
            detail={HEART_HINT}
            links={[{ href: "/menu", label: "See the whole menu", primary: true }]}
            className="mt-8"
          />
        ) : (
          <EmptyState
            message={emptyMessage(search, filters, favourites)}
            detail={filtered ? "Try fewer filters: each one you add narrows the menu." : undefined}
            links={[
              ...(filtered || (favourites && search)
                ? [
                    {
                      href: favourites ? wider : unfiltered,
                      label: favourites ? "Show all your favourites" : "Clear filters",
                      primary: true,
                    },
                  ]
                : []),
              ...(filtered && unfiltered === "/menu" ? [] : [{ href: "/menu", label: "See the whole menu", primary: !filtered }]),
            ]}
            className="mt-8"
          />
        ))}
    </>
  );
}
