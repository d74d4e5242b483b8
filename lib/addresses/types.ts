import type { Address } from "@/lib/orders/schema";

// The address book's shapes, shared by the API, the pages and the checkout. Client-safe.

/** The most addresses one customer may keep (product.md §13). */
export const MAX_SAVED_ADDRESSES = 10;

export type SavedAddress = Address & {
  id: string;
  _id: string;
  label: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
};

/** The address alone, as an order is sent with it. */
export function addressPart({ name, phone, street, city, state, zip }: Address): Address {
  return { name, phone, street, city, state, zip };
}

/** "12 MG Road, Bengaluru, Karnataka 560001": one line for lists. */
export function addressLine(a: Address): string {
  return `${a.street}, ${a.city}, ${a.state} ${a.zip}`;
}
