"use client";

import type { ComponentProps } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { addressSchema, ADDRESS_LABELS, type Address, type AddressInput } from "@/lib/orders/schema";
import { useCheckout } from "@/lib/cart/checkout-store";
import { deliveryAnswerWords } from "@/lib/cart/delivery-terms";
import { notDeliveringMessage } from "@/lib/store/words";
import { Field } from "@/components/ui/field";
import { panelClass } from "@/components/ui/panel";
import { Button, buttonClass } from "@/components/ui/button";
import { useCheckoutGuard } from "@/components/checkout/use-checkout-guard";
import { usePinCheck } from "@/components/checkout/use-pin-check";
import { FormControls } from "@/components/ui/form-controls";
import { prefilled } from "@/components/ui/prefilled";
import { ErrorText } from "@/components/ui/field";
import { INDIAN_STATES, matchState } from "@/lib/billing/states";

/**
 * The address step. Prefilled from this checkout (coming back from payment), else from the
 * customer's last order (read on the server). Nothing is ordered here; the PIN is checked as it
 * is typed (the server decides), and Continue does not pass a PIN the shop does not serve.
 */
export function AddressForm({ saved, fallbackName }: { saved: Address | null; fallbackName: string }) {
  const { ready, address } = useCheckoutGuard("address");
  if (!ready) {
    return (
      <p role="status" className="text-stone-600">
        Loading your checkout…
      </p>
    );
  }
  const earlier = address ?? saved ?? { name: fallbackName, phone: "", street: "", city: "", state: "", zip: "" };
  // A state typed in an earlier order ("KA", "karnataka") is chosen in the list by its name; one
  // that names no state is left to choose.
  const initial: AddressInput = { ...earlier, state: matchState(earlier.state)?.name ?? "" };
  return <AddressFields initial={initial} />;
}

const AUTOCOMPLETE: Record<keyof Address, string> = {
  name: "name",
  phone: "tel",
  street: "street-address",
  city: "address-level2",
  state: "address-level1",
  zip: "postal-code",
};

function AddressFields({ initial }: { initial: AddressInput }) {
  const router = useRouter();
  const setAddress = useCheckout((s) => s.setAddress);
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

  const onSubmit = handleSubmit(async (address) => {
    const check = await pinCheck.ask(address.zip);
    if (check && !check.delivers) {
      setError("zip", { message: notDeliveringMessage(address.zip) }, { shouldFocus: true });
      return;
    }
    setAddress(address, check?.delivers ? { pin: check.pin, area: check.area } : null);
    router.push("/checkout/payment");
  });

  const refused = pinCheck.check && !pinCheck.check.delivers ? notDeliveringMessage(pinCheck.pin) : undefined;
  const pinHint = pinCheck.checking
    ? `Checking whether we deliver to ${pinCheck.pin}…`
    : pinCheck.check?.delivers
      ? deliveryAnswerWords(pinCheck.check)
      : refused
        ? ""
        : "6 digits";

  const field = (name: keyof Address, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field
      label={ADDRESS_LABELS[name]}
      required
      autoComplete={AUTOCOMPLETE[name]}
      error={errors[name]?.message}
      {...extra}
      {...registered(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className={panelClass("lg", "max-w-2xl")}>
      <FormControls className="grid gap-4 sm:grid-cols-2">
        {field("name", { maxLength: 100 })}
        {field("phone", { type: "tel", inputMode: "tel", maxLength: 20, hint: "10 digits, optionally starting with +91" })}
        {field("street", { className: "sm:col-span-2", maxLength: 200 })}
        {field("city", { maxLength: 100 })}
        <div className="flex flex-col gap-1">
          <label htmlFor="address-state" className="text-sm font-medium text-stone-800">
            {ADDRESS_LABELS.state}
          </label>
          <select
            id="address-state"
            required
            aria-required
            autoComplete={AUTOCOMPLETE.state}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? "address-state-error" : undefined}
            className={`w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ${
              errors.state ? "border-red-600" : "border-stone-300"
            }`}
            {...registered("state")}
          >
            <option value="">Choose a state</option>
            {INDIAN_STATES.map((s) => (
              <option key={s.code} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
          <ErrorText id="address-state-error">{errors.state?.message}</ErrorText>
        </div>
        {field("zip", {
          inputMode: "numeric",
          maxLength: 7,
          error: errors.zip?.message ?? refused,
          // Two lines kept for the answer, so nothing below moves when it arrives.
          hint: (
            <span role="status" className="block min-h-8" data-testid="pin-check">
              {pinHint}
            </span>
          ),
        })}
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
