"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { Address, AddressInput } from "@/lib/orders/schema";
import { addressLine, addressPart, MAX_SAVED_ADDRESSES, type SavedAddress } from "@/lib/addresses/types";
import { useCheckout } from "@/lib/cart/checkout-store";
import { deliveryAnswerWords, type CheckedPin } from "@/lib/cart/delivery-terms";
import { notDeliveringMessage } from "@/lib/store/words";
import { matchState } from "@/lib/billing/states";
import { panelClass } from "@/components/ui/panel";
import { Button, buttonClass } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";
import { FormControls } from "@/components/ui/form-controls";
import { useCheckoutGuard } from "@/components/checkout/use-checkout-guard";
import { usePinCheck } from "@/components/checkout/use-pin-check";
import { NewAddressForm } from "@/components/checkout/new-address-form";

type Props = {
  /** The customer's address book, the default first (product.md §13). */
  book: SavedAddress[];
  /** The address of the customer's last order, for a customer with no saved one. */
  saved: Address | null;
  fallbackName: string;
};

const NEW = "new";

const sameAddress = (a: Address, b: Address) => (Object.keys(addressPart(a)) as (keyof Address)[]).every((k) => a[k] === b[k]);

/**
 * The address step. A customer with saved addresses chooses one (the default chosen first) or
 * types a new one; coming back from payment, the address of this checkout is chosen again. A
 * chosen address's PIN is checked as a typed one's is (the server decides). Nothing is ordered
 * here.
 */
export function AddressForm({ book, saved, fallbackName }: Props) {
  const { ready, address } = useCheckoutGuard("address");
  if (!ready) {
    return (
      <p role="status" className="text-stone-600">
        Loading your checkout…
      </p>
    );
  }
  const kept = address ? book.find((a) => sameAddress(a, address)) : undefined;
  const firstChoice = kept?.id ?? (address ? NEW : (book[0]?.id ?? NEW));
  const earlier = address ?? (book.length ? null : saved) ?? { name: fallbackName, phone: "", street: "", city: "", state: "", zip: "" };
  // A state typed in an earlier order ("KA", "karnataka") is chosen in the list by its name; one
  // that names no state is left to choose.
  const initial: AddressInput = { ...earlier, state: matchState(earlier.state)?.name ?? "" };
  return <AddressChoice book={book} firstChoice={firstChoice} initial={initial} />;
}

function AddressChoice({ book, firstChoice, initial }: { book: SavedAddress[]; firstChoice: string; initial: AddressInput }) {
  const router = useRouter();
  const setAddress = useCheckout((s) => s.setAddress);
  const [choice, setChoice] = useState(firstChoice);
  const chosen = book.find((a) => a.id === choice) ?? null;

  const goOn = (address: Address, delivery: CheckedPin | null) => {
    setAddress(address, delivery);
    router.push("/checkout/payment");
  };

  return (
    <div className={panelClass("lg", "max-w-2xl space-y-5")}>
      {book.length > 0 && (
        <FormControls>
          <fieldset className="space-y-2">
            <legend className="mb-2 text-base font-bold">Deliver to</legend>
            {book.map((a) => (
              <label
                key={a.id}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="saved-address"
                  className="mt-1 h-4 w-4"
                  checked={choice === a.id}
                  onChange={() => setChoice(a.id)}
                />
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{a.label}</span>
                  {a.isDefault && <span className="ml-2 text-xs font-medium text-stone-600">(default)</span>}
                  <span className="block text-sm text-stone-700">
                    {a.name}, {addressLine(a)}
                  </span>
                  <span className="block text-sm text-stone-600">{a.phone}</span>
                </span>
              </label>
            ))}
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50">
              <input type="radio" name="saved-address" className="h-4 w-4" checked={choice === NEW} onChange={() => setChoice(NEW)} />
              <span className="font-semibold">A new address</span>
            </label>
          </fieldset>
        </FormControls>
      )}
      {chosen ? (
        <ChosenAddress key={chosen.id} address={chosen} onContinue={goOn} />
      ) : (
        <NewAddressForm initial={initial} canSave={book.length < MAX_SAVED_ADDRESSES} onContinue={goOn} />
      )}
    </div>
  );
}

/** Continue with a saved address: its PIN checked now, as a typed one's is. */
function ChosenAddress({ address, onContinue }: { address: SavedAddress; onContinue: (a: Address, d: CheckedPin | null) => void }) {
  const pinCheck = usePinCheck(address.zip);
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  const notServed = refused || (pinCheck.check !== null && !pinCheck.check.delivers);

  const goOn = async () => {
    setBusy(true);
    const check = await pinCheck.ask(address.zip);
    setBusy(false);
    if (check && !check.delivers) {
      setRefused(true);
      return;
    }
    onContinue(addressPart(address), check?.delivers ? { pin: check.pin, area: check.area } : null);
  };

  return (
    <FormControls className="space-y-4">
      <p role="status" className="min-h-5 text-sm text-stone-700" data-testid="pin-check">
        {pinCheck.checking
          ? `Checking whether we deliver to ${address.zip}…`
          : pinCheck.check?.delivers
            ? deliveryAnswerWords(pinCheck.check)
            : ""}
      </p>
      <ErrorText>{notServed ? `${notDeliveringMessage(address.zip)} Choose another address or type a new one.` : undefined}</ErrorText>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href="/cart" className={buttonClass("secondary")}>
          Back to cart
        </Link>
        <Button onClick={() => void goOn()} disabled={busy || notServed}>
          Continue
        </Button>
      </div>
    </FormControls>
  );
}
