import type { PortionKey, Prices } from "@/lib/portions";
import type { Allergen, Diet } from "@/lib/menu/facts";

// Shapes of the menu that the pages, the API and the client components share (client-safe).

export type MenuCategory = { id: string; slug: string; name: string };

/** Energy (kcal) and protein (g) of one portion (product.md §8); null while not known. */
export type PortionNutrition = { kcal: number | null; protein: number | null };

export type Nutrition = Record<PortionKey, PortionNutrition>;

/** A choice of an option group: its extra price in whole rupees (0 allowed), sold out when not `available`. */
export type OptionChoice = { id: string; name: string; price: number; available: boolean; default: boolean };

/** Choose from `min` to `max` of the choices; a group with `min` above 0 is required. */
export type OptionGroup = { id: string; name: string; min: number; max: number; choices: OptionChoice[] };

/** What §8 tells about a bowl: the pages' and the API's shapes both carry it. */
export type BowlFacts = { diet: Diet; nutrition: Nutrition; allergens: Allergen[]; optionGroups: OptionGroup[] };

/** What the pages' and the API's shapes of an item both carry. */
type MenuItemCore = {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string;
  prices: Prices;
  available: boolean;
} & BowlFacts;

export type MenuItemView = MenuItemCore & { category: { slug: string; name: string } };

export type MenuGroup = { category: MenuCategory; items: MenuItemView[] };

/** The API's shape (contract §4); `price` is the Small price, `category` the category's name. */
export type ApiMenuItem = MenuItemCore & { _id: string; category: string; price: number };
