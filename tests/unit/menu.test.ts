import { describe, expect, it } from "vitest";
import { menuItemInputSchema } from "@/lib/menu/schema";
import { normalizeSearch } from "@/lib/text";
import { isAllowedImageUrl } from "@/lib/menu/image-url";
import { pricesFrom, slugify } from "@/lib/menu/rules";
import type { MenuGroup } from "@/lib/menu/types";
import { restaurantJsonLd, serializeJsonLd } from "@/components/shop/restaurant-json-ld";
import { menuItemFactsJsonLd } from "@/lib/menu/json-ld";

describe("admin image URLs", () => {
  it.each(["https://images.example.com/a.jpg", "/images/salads/egg-cobb-salad.svg", "/a?b=c"])("allows %s", (url) => {
    expect(isAllowedImageUrl(url)).toBe(true);
  });
  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:image/svg+xml,<svg/>",
    "http://example.com/a.png",
    "//evil.example/a.png",
    "/\\evil.example/a.png",
    "https://user:pass@example.com/a.png",
    "images/a.png",
    "/images/a b.png",
  ])("refuses %s", (url) => {
    expect(isAllowedImageUrl(url)).toBe(false);
  });
});

describe("menuItemInputSchema", () => {
  it("accepts digit strings for prices and drops unknown fields", () => {
    const parsed = menuItemInputSchema.parse({ name: " Bowl ", price: "149", category: "Veg Salads", role: "admin" });
    expect(parsed).toEqual({ name: "Bowl", price: 149, category: "Veg Salads" });
  });
  it("refuses non-numeric, fractional and out-of-range prices", () => {
    for (const price of ["abc", "", "1e3", 12.5, 0, 100_001, -1, null, true]) {
      expect(menuItemInputSchema.safeParse({ name: "Bowl", price, category: "Veg Salads" }).success, String(price)).toBe(false);
    }
  });
});

describe("normalizeSearch", () => {
  it("trims, ignores blank text and keeps at most 100 characters", () => {
    expect(normalizeSearch("  caesar ")).toBe("caesar");
    expect(normalizeSearch("   ")).toBeUndefined();
    expect(normalizeSearch(null)).toBeUndefined();
    expect(normalizeSearch("a".repeat(150))).toHaveLength(100);
    // Never half an emoji.
    expect(Array.from(normalizeSearch("🥗".repeat(150))!)).toHaveLength(100);
  });
});

describe("slugify and prices", () => {
  it("makes URL-safe slugs", () => {
    expect(slugify("Egg & Avocado Protein Bowl")).toBe("egg-and-avocado-protein-bowl");
    expect(slugify("  Zoë's Crème Brûlée!! ")).toBe("zoe-s-creme-brulee");
    expect(slugify("ಕನ್ನಡ")).toBe("salad");
  });
  it("derives Medium and Large from a single price, capped at the maximum", () => {
    expect(pricesFrom({ price: 179 })).toEqual({ small: 179, medium: 219, large: 259 });
    expect(pricesFrom({ price: 99_990 })).toEqual({ small: 99_990, medium: 100_000, large: 100_000 });
    expect(pricesFrom({ price: 100, prices: { small: 1, medium: 2, large: 3 } })).toEqual({ small: 1, medium: 2, large: 3 });
    expect(pricesFrom({})).toBeUndefined();
  });
});

describe("JSON-LD", () => {
  const groups: MenuGroup[] = [
    {
      category: { id: "c1", slug: "veg-salads", name: "Veg Salads" },
      items: [
        {
          id: "i1",
          slug: "x",
          name: "</script><script>alert(1)</script>",
          description: "Crunchy",
          category: { slug: "veg-salads", name: "Veg Salads" },
          image: "/images/salads/x.svg",
          prices: { small: 149, medium: 189, large: 229 },
          available: false,
          diet: "veg",
          nutrition: { small: { kcal: null, protein: null }, medium: { kcal: null, protein: null }, large: { kcal: null, protein: null } },
          allergens: [],
          optionGroups: [],
        },
      ],
    },
  ];

  it("describes the restaurant and its menu with INR offers at the Small price", () => {
    const data = restaurantJsonLd("https://freshbowl.example", groups);
    expect(data).toMatchObject({
      "@type": "Restaurant",
      name: "Fresh Bowl",
      servesCuisine: "Salads",
      priceRange: "₹₹",
      telephone: "+91 80 4123 4567",
    });
    expect(data.address).toMatchObject({ streetAddress: "12 Residency Road", addressLocality: "Bengaluru", postalCode: "560025" });
    const item = data.hasMenu.hasMenuSection[0].hasMenuItem[0];
    expect(item.offers).toMatchObject({ price: 149, priceCurrency: "INR", availability: "https://schema.org/OutOfStock" });
    expect(item.image).toBe("https://freshbowl.example/images/salads/x.svg");
  });

  it("marks veg bowls VegetarianDiet and leaves nutrition out while nothing is known", () => {
    const item = restaurantJsonLd("https://freshbowl.example", groups).hasMenu.hasMenuSection[0].hasMenuItem[0];
    expect(item.suitableForDiet).toBe("https://schema.org/VegetarianDiet");
    expect(item).not.toHaveProperty("nutrition");
  });

  it("gives the Small portion's kcal and protein (the offer's portion) as NutritionInformation, only the figures known", () => {
    const bowl = groups[0].items[0];
    const chicken = {
      ...bowl,
      diet: "non-veg" as const,
      nutrition: { small: { kcal: 320, protein: 18 }, medium: { kcal: 450, protein: 26 }, large: { kcal: 510, protein: 30 } },
    };
    const item = restaurantJsonLd("https://freshbowl.example", [{ ...groups[0], items: [chicken] }]).hasMenu.hasMenuSection[0]
      .hasMenuItem[0];
    // Egg and chicken bowls are non-veg (§8): no diet claimed.
    expect(item).not.toHaveProperty("suitableForDiet");
    expect(item.nutrition).toEqual({
      "@type": "NutritionInformation",
      servingSize: "250 g",
      calories: "320 calories",
      proteinContent: "18 g",
    });

    const halfKnown = { ...bowl, nutrition: { ...chicken.nutrition, small: { kcal: null, protein: 12 } } };
    expect(menuItemFactsJsonLd(halfKnown, "small").nutrition).toEqual({
      "@type": "NutritionInformation",
      servingSize: "250 g",
      proteinContent: "12 g",
    });
    expect(menuItemFactsJsonLd(halfKnown, "medium").nutrition).toMatchObject({ servingSize: "350 g", calories: "450 calories" });
  });

  it("uses only schema.org's own types and properties for the facts", () => {
    const facts = menuItemFactsJsonLd(
      { diet: "veg", nutrition: { small: { kcal: 1, protein: 2 }, medium: { kcal: 3, protein: 4 }, large: { kcal: 5, protein: 6 } } },
      "small",
    );
    // MenuItem's suitableForDiet takes a RestrictedDiet enumeration member; nutrition a NutritionInformation.
    expect(Object.keys(facts).sort()).toEqual(["nutrition", "suitableForDiet"]);
    expect(Object.keys(facts.nutrition!).sort()).toEqual(["@type", "calories", "proteinContent", "servingSize"]);
    expect(facts.suitableForDiet).toMatch(/^https:\/\/schema\.org\/[A-Z][A-Za-z]+Diet$/);
  });

  it("never lets a name close the script element, and stays the same JSON", () => {
    const data = restaurantJsonLd("https://freshbowl.example", groups);
    const text = serializeJsonLd(data);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(data)));
  });
});
