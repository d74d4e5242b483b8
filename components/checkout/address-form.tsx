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
  const initial: AddressInput = address ?? saved ?? { name: fallbackName, phone: "", street: "", city: "", state: "", zip: "" };
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
        {field("state", { maxLength: 100 })}
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
