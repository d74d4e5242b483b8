import type { Prices } from "@/lib/portions";

// Shapes of the menu that the pages, the API and the client components share (client-safe).

export type MenuCategory = { id: string; slug: string; name: string };

export type MenuItemView = {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: { slug: string; name: string };
  image: string;
  prices: Prices;
  available: boolean;
};

export type MenuGroup = { category: MenuCategory; items: MenuItemView[] };

/** The API's shape (contract §4); `price` is the Small price, `category` the category's name. */
export type ApiMenuItem = {
  id: string;
  _id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  price: number;
  prices: Prices;
  image: string;
  available: boolean;
};
