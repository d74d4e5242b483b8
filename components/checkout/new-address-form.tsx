"use client";

import { useState } from "react";
import Link from "next/link";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { addressSchema, type Address, type AddressInput } from "@/lib/orders/schema";
import { LABEL_SUGGESTIONS } from "@/lib/addresses/schema";
import { settle } from "@/lib/client/api-client";
import { deliveryAnswerWords } from "@/lib/cart/delivery-terms";
import type { CheckedPin } from "@/lib/cart/delivery-terms";
import { notDeliveringMessage } from "@/lib/store/words";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { FormControls } from "@/components/ui/form-controls";
import { prefilled } from "@/components/ui/prefilled";
import { usePinCheck } from "@/components/checkout/use-pin-check";
import { AddressInputs } from "@/components/checkout/address-inputs";
import { addressCalls } from "@/components/account/address-calls";
import { LabelField } from "@/components/account/label-field";

type Props = {
  initial: AddressInput;
  /** Whether `Save this address` is offered: false once the address book is full. */
  canSave: boolean;
  /** The address goes on to payment, with the terms its PIN is served on (null: not known). */
  onContinue: (address: Address, delivery: CheckedPin | null) => void;
};

/**
 * A new delivery address, typed. The PIN is checked as it is typed (the server decides), and
 * Continue does not pass a PIN the shop does not serve. `Save this address` keeps it in the
 * address book (product.md §13) before going on; the order keeps its own copy either way.
 */
export function NewAddressForm({ initial, canSave, onContinue }: Props) {
  const {
    register,
    getValues,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput, unknown, Address>({ resolver: zodResolver(addressSchema), defaultValues: initial });
  const { field: registered } = prefilled(register, getValues);
  const pinCheck = usePinCheck(useWatch({ control, name: "zip" }) ?? "");
  const [save, setSave] = useState(false);
  const [label, setLabel] = useState<string>(LABEL_SUGGESTIONS[0]);
  const [saveError, setSaveError] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (address) => {
    setSaveError(null);
    const check = await pinCheck.ask(address.zip);
    if (check && !check.delivers) {
      setError("zip", { message: notDeliveringMessage(address.zip) }, { shouldFocus: true });
      return;
    }
    if (save) {
      const saved = await settle(addressCalls.save({ ...address, label: label.trim() || LABEL_SUGGESTIONS[0] }));
      if (!saved.ok) {
        setSaveError(`${saved.error.message} Untick "Save this address" to go on without saving it.`);
        return;
      }
    }
    onContinue(address, check?.delivers ? { pin: check.pin, area: check.area } : null);
  });

  const refused = pinCheck.check && !pinCheck.check.delivers ? notDeliveringMessage(pinCheck.pin) : undefined;
  const pinHint = pinCheck.checking
    ? `Checking whether we deliver to ${pinCheck.pin}…`
    : pinCheck.check?.delivers
      ? deliveryAnswerWords(pinCheck.check)
      : refused
        ? ""
        : "6 digits";
  const errorTexts = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message])) as Record<keyof Address, string>;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New address">
      <FormControls className="grid gap-4 sm:grid-cols-2">
        <AddressInputs
          idPrefix="address"
          registered={registered}
          errors={{ ...errorTexts, zip: errors.zip?.message ?? refused }}
          // Two lines kept for the answer, so nothing below moves when it arrives.
          pinHint={
            <span role="status" className="block min-h-8" data-testid="pin-check">
              {pinHint}
            </span>
          }
        />
        <div className="space-y-3 sm:col-span-2">
          {canSave ? (
            <>
              <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
                <input type="checkbox" className="h-4 w-4" checked={save} onChange={(e) => setSave(e.target.checked)} />
                Save this address
              </label>
              {save && <LabelField idPrefix="checkout" className="max-w-xs" value={label} onChange={(e) => setLabel(e.target.value)} />}
            </>
          ) : (
            <p className="text-sm text-stone-600">
              Your address book is full.{" "}
              <Link href="/account/addresses" className="underline underline-offset-2">
                Manage your addresses
              </Link>{" "}
              to save this one.
            </p>
          )}
          {saveError && <Alert tone="error">{saveError}</Alert>}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
          <Link href="/cart" className={buttonClass("secondary")}>
            Back to cart
          </Link>
          <Button type="submit" disabled={isSubmitting}>
            Continue
          </Button>
        </div>
      </FormControls>
    </form>
  );
}
