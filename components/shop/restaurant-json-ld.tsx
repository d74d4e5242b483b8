import type { MenuGroup } from "@/lib/menu";

// schema.org description of the shop and its menu for search engines.

export const RESTAURANT = {
  name: "Fresh Bowl",
  streetAddress: "12 Residency Road",
  locality: "Bengaluru",
  postalCode: "560025",
  telephone: "+91 80 4123 4567",
} as const;

function absolute(base: string, src: string) {
  return src.startsWith("/") ? `${base}${src}` : src;
}

export function restaurantJsonLd(baseUrl: string, groups: MenuGroup[]) {
  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    name: RESTAURANT.name,
    url: `${baseUrl}/`,
    image: `${baseUrl}/images/hero.svg`,
    servesCuisine: "Salads",
    priceRange: "₹₹",
    telephone: RESTAURANT.telephone,
    address: {
      "@type": "PostalAddress",
      streetAddress: RESTAURANT.streetAddress,
      addressLocality: RESTAURANT.locality,
      postalCode: RESTAURANT.postalCode,
      addressCountry: "IN",
    },
    hasMenu: {
      "@type": "Menu",
      name: "Fresh Bowl menu",
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
