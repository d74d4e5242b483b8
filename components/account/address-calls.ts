import { apiFetch } from "@/lib/client/api-client";
import type { SavedAddress } from "@/lib/addresses/types";
import type { AddressChange, NewAddress } from "@/lib/addresses/schema";

// The address book's calls of product.md §13, through the shop's one API client.

const one = (id: string) => `/api/addresses/${encodeURIComponent(id)}`;

export const addressCalls = {
  save: (address: NewAddress) => apiFetch<SavedAddress>("POST", "/api/addresses", address),
  change: (id: string, change: AddressChange) => apiFetch<SavedAddress>("PUT", one(id), change),
  remove: (id: string) => apiFetch<{ message: string }>("DELETE", one(id)),
};
