import { z } from "zod";
import { printable } from "@/lib/validation";
import { addressSchema } from "@/lib/orders/schema";

// POST and PUT /api/addresses (product.md §13 "Address book"), shared by /account/addresses, the
// checkout's "Save this address" and the handlers. The address itself is the checkout's own
// schema, so a saved address is valid exactly when a typed one is. Client-safe.

export const LABEL_MAX = 20;

/** The labels offered first; any other text up to LABEL_MAX characters is a label too. */
export const LABEL_SUGGESTIONS = ["Home", "Work"] as const;

const DEFAULT_LABEL = LABEL_SUGGESTIONS[0];

const labelSchema = printable("Label", LABEL_MAX);
const isDefaultSchema = z.boolean({ error: "isDefault must be true or false" });

export const newAddressSchema = z.object(
  {
    ...addressSchema.shape,
    // An API client that names no label saves a home address, as most first addresses are.
    label: labelSchema.optional().transform((v) => v ?? DEFAULT_LABEL),
    isDefault: isDefaultSchema.optional(),
  },
  { error: "Request body must be an object {label?, name, phone, street, city, state, zip, isDefault?}" },
);

/** PUT: any subset of the fields; those sent are checked as on POST. */
export const addressChangeSchema = z.object(
  {
    ...addressSchema.partial().shape,
    label: labelSchema.optional(),
    isDefault: isDefaultSchema.optional(),
  },
  { error: "Request body must be an object with any of {label, name, phone, street, city, state, zip, isDefault}" },
);

export type NewAddressInput = z.input<typeof newAddressSchema>;
export type NewAddress = z.output<typeof newAddressSchema>;
export type AddressChange = z.output<typeof addressChangeSchema>;
