"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { newAddressSchema, type NewAddress, type NewAddressInput } from "@/lib/addresses/schema";
import type { SavedAddress } from "@/lib/addresses/types";
import { matchState } from "@/lib/billing/states";
import { Button } from "@/components/ui/button";
import { FormControls } from "@/components/ui/form-controls";
import { WideFormEnd } from "@/components/ui/form-end";
import { useApiForm } from "@/components/ui/api-form";
import { AddressInputs } from "@/components/checkout/address-inputs";
import { LabelField } from "@/components/account/label-field";
import { addressCalls } from "@/components/account/address-calls";

type Props = {
  /** The address being edited; none: a new one. */
  editing?: SavedAddress;
  onSaved: (address: SavedAddress) => void;
  onCancel: () => void;
};

const FIELDS = ["label", "name", "phone", "street", "city", "state", "zip", "isDefault"] as const;

/** Adding or editing one saved address, checked with the API's own schema (the checkout's address rules). */
export function AddressEntryForm({ editing, onSaved, onCancel }: Props) {
  const idPrefix = editing ? `edit-${editing.id}` : "new-address";
  const {
    field,
    formError,
    sendWith,
    formState: { errors, isSubmitting },
  } = useApiForm<NewAddressInput, NewAddress>(
    {
      resolver: zodResolver(newAddressSchema),
      defaultValues: editing
        ? { ...editing, state: matchState(editing.state)?.name ?? "", isDefault: editing.isDefault }
        : { label: "Home", name: "", phone: "", street: "", city: "", state: "", zip: "", isDefault: false },
    },
    FIELDS,
  );

  // The default stays the default until another is made it: only a move is sent.
  const submit = sendWith(
    ({ isDefault, ...values }) =>
      editing
        ? addressCalls.change(editing.id, { ...values, ...(isDefault && !editing.isDefault ? { isDefault: true } : {}) })
        : addressCalls.save({ ...values, isDefault }),
    onSaved,
  );

  const text = (name: keyof NewAddressInput) => errors[name]?.message;
  return (
    <form onSubmit={submit} noValidate aria-label={editing ? `Edit ${editing.label}` : "Add an address"}>
      <FormControls className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <LabelField idPrefix={idPrefix} className="max-w-xs" required error={text("label")} {...field("label")} />
        </div>
        <AddressInputs
          idPrefix={idPrefix}
          registered={field}
          errors={{
            name: text("name"),
            phone: text("phone"),
            street: text("street"),
            city: text("city"),
            state: text("state"),
            zip: text("zip"),
          }}
        />
        {!editing?.isDefault && (
          <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-2">
            <input type="checkbox" className="h-4 w-4" {...field("isDefault")} />
            Make this my default address
          </label>
        )}
        <WideFormEnd error={formError}>
          <Button type="submit" disabled={isSubmitting}>
            Save address
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </WideFormEnd>
      </FormControls>
    </form>
  );
}
