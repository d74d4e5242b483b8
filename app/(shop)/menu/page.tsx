import { env } from "@/lib/env";
import { getCategories, listMenu } from "@/lib/menu/queries";
import { MenuIntro, MenuView, menuMetadata } from "@/components/shop/menu-view";
import { RestaurantJsonLd } from "@/components/shop/restaurant-json-ld";
import { OfflineBanner } from "@/components/offline/offline-banner";
import { CartBar } from "@/components/shop/cart-bar";

// /menu, with ?category=<slug>, ?search=text and the §8 filters (?diet=veg, ?protein=high,
// ?free=milk,gluten) in any combination: one page, prerendered from the cached menu and never
// rendered per request. The browser applies the query (components/shop/menu-query.tsx);
// without JavaScript, and to crawlers, the page is the whole menu. Offline, the service worker
// answers with the last copy it kept, and the banner says so (product.md §14).

export const metadata = menuMetadata();

export default async function MenuPage() {
  const [categories, groups] = await Promise.all([getCategories(), listMenu()]);
  return (
    <>
      <RestaurantJsonLd baseUrl={env().appUrl} groups={groups} />
      <OfflineBanner />
      <MenuIntro />
      <MenuView categories={categories} groups={groups} />
      <CartBar />
    </>
  );
}
