import Link from "next/link";
import { useRouter } from "next/navigation";
import { hasFilters, type MenuFilters, type MenuQuery } from "@/lib/menu/query";
import { ALLERGENS, HIGH_PROTEIN_GRAMS } from "@/lib/menu/facts";
import { ALLERGEN_NAMES } from "@/lib/menu/allergen-names";

// The §8 filters of /menu as toggle buttons. Each is a small GET form for the menu with that
// one filter switched, keeping the search, the category and the other filters (a client
// navigation that keeps the scroll, or a plain one without JavaScript); aria-pressed says which
// are on.

/** The query of a /menu address, in the form product.md §8 gives (`free=milk,gluten`). */
function queryOf({ category, search, filters, favourites }: MenuQuery): [string, string][] {
  const pairs: [string, string | undefined][] = [
    ["favourites", favourites ? "1" : undefined],
    ["category", category],
    ["search", search],
    ["diet", filters.diet],
    ["protein", filters.highProtein ? "high" : undefined],
    ["free", filters.free?.length ? filters.free.join(",") : undefined],
  ];
  return pairs.filter((p): p is [string, string] => Boolean(p[1]));
}

export function menuHref(query: MenuQuery): string {
  const params = new URLSearchParams(queryOf(query)).toString().replace(/%2C/g, ",");
  return params ? `/menu?${params}` : "/menu";
}

// The tick or plus is CSS content, not an element: 13 toggles' worth of spans is page weight
// (HTML and hydration data) for a mark that aria-pressed already says (so its spoken text is empty).
const pill = (on: boolean) =>
  `inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-semibold ${
    on
      ? "border-brand-700 bg-brand-700 text-white before:content-['✓'_/_'']"
      : "border-stone-300 bg-white text-stone-800 before:content-['+'_/_''] hover:bg-brand-50"
  }`;

function Toggle({ label, on, next }: { label: string; on: boolean; next: MenuQuery }) {
  const router = useRouter();
  return (
    <form
      action="/menu"
      onSubmit={(event) => {
        event.preventDefault();
        router.push(menuHref(next), { scroll: false });
      }}
    >
      {queryOf(next).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" aria-pressed={on} className={pill(on)}>
        {label}
      </button>
    </form>
  );
}

export function MenuFilterToggles({ query }: { query: MenuQuery }) {
  const { filters } = query;
  const free = filters.free ?? [];
  const withFilters = (f: MenuFilters): MenuQuery => ({ ...query, filters: { ...filters, ...f } });
  const toggleFree = (a: (typeof ALLERGENS)[number]) =>
    withFilters({ free: free.includes(a) ? free.filter((x) => x !== a) : ALLERGENS.filter((x) => x === a || free.includes(x)) });

  return (
    // Not a <section>: the menu's sections are its categories.
    <div className="mt-4 space-y-2">
      <div role="group" aria-label="Diet and protein" className="flex flex-wrap gap-2">
        <Toggle label="My favourites" on={Boolean(query.favourites)} next={{ ...query, favourites: !query.favourites }} />
        <Toggle label="Veg only" on={filters.diet === "veg"} next={withFilters({ diet: filters.diet ? undefined : "veg" })} />
        <Toggle
          label={`High protein (${HIGH_PROTEIN_GRAMS} g+)`}
          on={Boolean(filters.highProtein)}
          next={withFilters({ highProtein: !filters.highProtein })}
        />
        {hasFilters(filters) && (
          <Link
            href={menuHref({ ...query, filters: {} })}
            className="self-center px-1 text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            Clear filters
          </Link>
        )}
      </div>
      <details open={free.length > 0}>
        <summary className="cursor-pointer text-sm font-semibold text-stone-800">
          Free from allergens{free.length > 0 ? ` (${free.length})` : ""}
        </summary>
        <div role="group" aria-label="Free from" className="mt-2 flex flex-wrap gap-2">
          {ALLERGENS.map((a) => (
            <Toggle key={a} label={ALLERGEN_NAMES[a]} on={free.includes(a)} next={toggleFree(a)} />
          ))}
        </div>
      </details>
    </div>
  );
}
