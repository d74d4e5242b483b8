import "server-only";
import type { SavedAddress as Row } from "@/lib/generated/prisma/client";
import type { SavedAddress } from "@/lib/addresses/types";

// A saved address row as the API and the pages show it.

export const ADDRESS_NOT_FOUND = "Address not found.";

/** The book as it is listed: the default first, then the newest. */
export const BOOK_ORDER = [{ isDefault: "desc" as const }, { createdAt: "desc" as const }, { id: "desc" as const }];

export function toSavedAddress(row: Row): SavedAddress {
  return {
    id: row.id,
    _id: row.id,
    label: row.label,
    name: row.name,
    phone: row.phone,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
