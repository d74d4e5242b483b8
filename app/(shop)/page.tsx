import type { Metadata } from "next";
import Link from "next/link";
import { env } from "@/lib/env";
import { formatRupees } from "@/lib/money";
import { getPopularItems, listMenu } from "@/lib/menu/queries";
import { MenuGrid } from "@/components/shop/menu-card";
import { HeroArt } from "@/components/shop/hero-art";
import { RestaurantJsonLd } from "@/components/shop/restaurant-json-ld";
import { DeliveryCheck } from "@/components/shop/delivery-check";
import { checkDelivery } from "@/app/(shop)/actions";
import { DELIVERY_CHECK_ID } from "@/components/shop/pin-answer";
import { StoreStateLine } from "@/components/shop/store-state-line";
import { buttonClass } from "@/components/ui/button";
import { panelClass } from "@/components/ui/panel";

const TITLE = "Fresh Bowl · Fresh salads delivered in Bengaluru";
const DESCRIPTION =
  "Crisp, generous chicken, veg and egg salads from Fresh Bowl's cloud kitchen in Bengaluru, tossed to order and delivered as soon as we can, or in the slot you choose.";

export const metadata: Metadata = {
  title: { absolute: TITLE },
  description: DESCRIPTION,
  alternates: { canonical: "/" },
  openGraph: {
    type: "website",
    siteName: "Fresh Bowl",
    locale: "en_IN",
    title: TITLE,
    description: DESCRIPTION,
    url: "/",
    images: ["/images/hero.svg"],
  },
};

const BLURBS: Record<string, string> = {
  "chicken-salads": "Grilled, tandoori and peri peri chicken on crisp greens.",
  "veg-salads": "Paneer, chickpeas, quinoa, feta and the season's best produce.",
  "egg-salads": "Jammy eggs with bold dressings, packed with protein.",
};

// The landing page, prerendered from the cached menu (lib/menu/queries.ts): a menu change
// expires it at once, the popular bowls within minutes. What changes by the minute (whether the
// shop is open, and by when it delivers) is asked by the browser after load; "Do we deliver to
// you?" is a Server Action form, which keeps the page prerendered and works without JavaScript.

export default async function HomePage() {
  const [groups, popular] = await Promise.all([listMenu(), getPopularItems(3)]);
  const allItems = groups.flatMap((g) => g.items);
  const from = allItems.length ? Math.min(...allItems.map((i) => i.prices.small)) : undefined;

  return (
    <div className="flex flex-col gap-14">
      <RestaurantJsonLd baseUrl={env().appUrl} groups={groups} />

      <section
        aria-labelledby="hero-title"
        className="grid items-center gap-8 overflow-hidden rounded-3xl bg-brand-50 p-6 sm:p-10 md:grid-cols-2"
      >
        <div>
          <p className="text-sm font-bold tracking-wider text-brand-800 uppercase">Cloud kitchen · Bengaluru</p>
          <h1 id="hero-title" className="mt-2 text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">
            Fresh salads, tossed to order and delivered to your door
          </h1>
          <p className="mt-4 max-w-prose text-lg text-stone-700">
            Crisp greens, generous toppings and dressings made in-house. Order for as soon as we can bring it, or pick a delivery slot later
            today or in the next few days: you see exactly when your bowl arrives before you order.
          </p>
          <div className="mt-4">
            <StoreStateLine />
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link href="/menu" className={buttonClass({ variant: "primary", size: "lg" })}>
              Browse the menu
            </Link>
            {popular.length > 0 && (
              <a href="#popular" className={buttonClass({ variant: "secondary", size: "lg" })}>
                Popular bowls
              </a>
            )}
          </div>
        </div>
        <HeroArt label="Three fresh salad bowls, a delivery scooter and a clock" />
      </section>

      <section id={DELIVERY_CHECK_ID} aria-labelledby="deliver-title" className={panelClass("lg", "scroll-mt-24")}>
        <h2 id="deliver-title" className="text-2xl font-bold text-stone-900">
          Do we deliver to you?
        </h2>
        <p className="mt-1 text-stone-700">Type your PIN code to see the delivery fee and the minimum order where you are.</p>
        <DeliveryCheck check={checkDelivery} />
      </section>

      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-2xl font-bold text-stone-900">
          Choose your bowl
        </h2>
        <ul role="list" className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {groups.map(({ category, items }) => (
            <li key={category.id}>
              <Link
                href={`/menu?category=${encodeURIComponent(category.slug)}`}
                className={panelClass("none", "flex h-full flex-col p-5 hover:border-brand-600 hover:bg-brand-50")}
              >
                <span className="text-lg font-bold text-stone-900">{category.name}</span>
                <span className="mt-1 text-sm text-stone-600">{BLURBS[category.slug] ?? "Freshly tossed to order."}</span>
                <span className="mt-3 text-sm font-semibold text-brand-800">
                  {items.length} {items.length === 1 ? "salad" : "salads"} →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {popular.length > 0 && (
        <section id="popular" aria-labelledby="popular-title" className="scroll-mt-24">
          <h2 id="popular-title" className="text-2xl font-bold text-stone-900">
            Popular bowls
          </h2>
          <div className="mt-4">
            <MenuGrid items={popular} />
          </div>
        </section>
      )}

      <section
        aria-labelledby="cta-title"
        className="rounded-3xl bg-brand-800 p-8 text-center text-white render-near-viewport [--rendered-height:13rem]"
      >
        <h2 id="cta-title" className="text-2xl font-bold">
          Hungry for more?
        </h2>
        <p className="mt-2 text-brand-100">
          {allItems.length} salads in three portions{from === undefined ? "" : `, from ${formatRupees(from)}`}.
        </p>
        <Link href="/menu" className="mt-5 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50">
          See the full menu
        </Link>
      </section>
    </div>
  );
}
