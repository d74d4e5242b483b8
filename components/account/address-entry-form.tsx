"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { newAddressSchema, type NewAddress, type NewAddressInput } from "@/lib/addresses/schema";
import { settle, withoutFieldPrefix } from "@/lib/client/api-client";
import type { SavedAddress } from "@/lib/addresses/types";
import { matchState } from "@/lib/billing/states";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormControls } from "@/components/ui/form-controls";
import { prefilled } from "@/components/ui/prefilled";
import { AddressInputs } from "@/components/checkout/address-inputs";
import { LabelField } from "@/components/account/label-field";
import { addressCalls } from "@/components/account/address-calls";

type Props = {
  /** The address being edited; none: a new one. */
  editing?: SavedAddress;
  onSaved: (address: SavedAddress) => void;
  onCancel: () => void;
};

const FIELDS = new Set(["label", "name", "phone", "street", "city", "state", "zip", "isDefault"]);

/** Adding or editing one saved address, checked with the API's own schema (the checkout's address rules). */
export function AddressEntryForm({ editing, onSaved, onCancel }: Props) {
  const idPrefix = editing ? `edit-${editing.id}` : "new-address";
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    getValues,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<NewAddressInput, unknown, NewAddress>({
    resolver: zodResolver(newAddressSchema),
    defaultValues: editing
      ? { ...editing, state: matchState(editing.state)?.name ?? "", isDefault: editing.isDefault }
      : { label: "Home", name: "", phone: "", street: "", city: "", state: "", zip: "", isDefault: false },
  });
  const { field } = prefilled(register, getValues);

  const submit = handleSubmit(async ({ isDefault, ...values }) => {
    setFormError(null);
    // The default stays the default until another is made it: only a move is sent.
    const reply = await settle(
      editing
        ? addressCalls.change(editing.id, { ...values, ...(isDefault && !editing.isDefault ? { isDefault: true } : {}) })
        : addressCalls.save({ ...values, isDefault }),
    );
    if (reply.ok) return onSaved(reply.data);
    const { field: name, message } = reply.error;
    if (name && FIELDS.has(name)) {
      const key = name as keyof NewAddressInput;
      setError(key, { type: "server", message: withoutFieldPrefix(message) });
      setFocus(key);
    } else {
      setFormError(message);
    }
  });

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
        {formError && (
          <div className="sm:col-span-2">
            <Alert tone="error">{formError}</Alert>
          </div>
        )}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            Save address
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </FormControls>
    </form>
  );
}
