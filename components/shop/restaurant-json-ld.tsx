import type { MenuGroup } from "@/lib/menu/types";
import { menuItemFactsJsonLd } from "@/lib/menu/json-ld";
import { SITE } from "@/lib/site";

// schema.org description of the shop and its menu for search engines.

function absolute(base: string, src: string) {
  return src.startsWith("/") ? `${base}${src}` : src;
}

export function restaurantJsonLd(baseUrl: string, groups: MenuGroup[]) {
  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    name: SITE.name,
    url: `${baseUrl}/`,
    image: `${baseUrl}/images/hero.svg`,
    servesCuisine: "Salads",
    priceRange: "₹₹",
    telephone: SITE.phone.display,
    address: {
      "@type": "PostalAddress",
      streetAddress: SITE.address.street,
      addressLocality: SITE.address.locality,
      postalCode: SITE.address.postalCode,
      addressCountry: SITE.address.country,
    },
    hasMenu: {
      "@type": "Menu",
      name: `${SITE.name} menu`,
      url: `${baseUrl}/menu`,
      hasMenuSection: groups.map((group) => ({
        "@type": "MenuSection",
        name: group.category.name,
        url: `${baseUrl}/menu?category=${encodeURIComponent(group.category.slug)}`,
        hasMenuItem: group.items.map((item) => ({
          "@type": "MenuItem",
          name: item.name,
          description: item.description || undefined,
          image: absolute(baseUrl, item.image),
          // The offer is the Small portion's, so the figures are too.
          ...menuItemFactsJsonLd(item, "small"),
          offers: {
            "@type": "Offer",
            price: item.prices.small,
            priceCurrency: "INR",
            availability: item.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          },
        })),
      })),
    },
  };
}

/**
 * JSON inside <script>: "<" is written as \u003c (still the same JSON string), so no text in
 * it, such as a menu item called "</script>", can end the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export function RestaurantJsonLd({ baseUrl, groups }: { baseUrl: string; groups: MenuGroup[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(restaurantJsonLd(baseUrl, groups)) }} />;
}
