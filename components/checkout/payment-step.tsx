"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useCart } from "@/lib/cart/store";
import { subtotalOf } from "@/lib/cart/lines";
import type { CartLine } from "@/lib/cart/types";
import { useCheckout } from "@/lib/cart/checkout-store";
import { PAYMENT_METHODS, PAYMENT_METHOD_DISPLAY, type Address, type PaymentMethodLabel } from "@/lib/orders/schema";
import { formatRupees } from "@/lib/money";
import { ApiError, api, withoutFieldPrefix } from "@/lib/api-client";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Totals } from "@/components/cart/totals";
import { OrderLines } from "@/components/checkout/order-lines";
import { useCheckoutGuard } from "@/components/checkout/use-checkout-guard";

const PLACE_ORDER_FAILED = "Failed to place order. Please try again.";

type Failure = { detail?: string };

/** The payment step: method, summary, and "Place Order" (exactly one order per checkout attempt). */
export function PaymentStep({ deliveryFee }: { deliveryFee: number }) {
  const { ready, lines, address, markDone } = useCheckoutGuard("payment");
  const [placed, setPlaced] = useState(false);

  if (placed) {
    return (
      <p role="status" className="text-stone-700">
        Order placed! Taking you to your order…
      </p>
    );
  }
  if (!ready || !address) {
    return (
      <p role="status" className="text-stone-600">
        Loading your checkout…
      </p>
    );
  }
  return (
    <PaymentForm
      lines={lines}
      address={address}
      deliveryFee={deliveryFee}
      onPlaced={() => {
        markDone();
        setPlaced(true);
      }}
    />
  );
}

function PaymentForm({
  lines,
  address,
  deliveryFee,
  onPlaced,
}: {
  lines: CartLine[];
  address: Address;
  deliveryFee: number;
  onPlaced: () => void;
}) {
  const router = useRouter();
  const [method, setMethod] = useState<PaymentMethodLabel>("Cash on Delivery");
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // State updates land after a render; a double click arrives before that, so a ref guards it too.
  const inFlight = useRef(false);
  const groupId = useId();

  const subtotal = subtotalOf(lines);
  const total = subtotal + deliveryFee;

  async function placeOrder() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPlacing(true);
    setFailure(null);
    const key = useCheckout.getState().attemptKey();
    let succeeded = false;
    try {
      const data = await api.placeOrder(
        {
          items: lines.map((l) => ({ menuItemId: l.id, portion: l.portion, quantity: l.quantity })),
          address,
          paymentMethod: method,
          total,
        },
        key,
      );
      if (data.order?.id) {
        succeeded = true;
        onPlaced();
        useCart.getState().clear();
        useCheckout.getState().reset();
        router.replace(`/order-success?id=${encodeURIComponent(data.order.id)}`);
        return;
      }
      setFailure({});
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) {
        setFailure({});
        return;
      }
      if (error.code === "unauthorized") {
        router.push(`/login?next=${encodeURIComponent("/checkout/payment")}`);
        return;
      }
      const { prices, total: newTotal } = error.extra;
      if (error.code === "price_changed" && Array.isArray(prices) && prices.length === lines.length) {
        // Prices changed since these items went into the cart: show the new ones and let the
        // customer place the order again at the new total.
        useCart.setState((s) => ({
          lines: s.lines.map((l) => ({ ...l, price: prices[lines.findIndex((x) => x.cartId === l.cartId)] ?? l.price })),
        }));
        setFailure({
          detail: `Prices have changed since you added these items. The new total is ${formatRupees(Number(newTotal))}: please check your order and place it again.`,
        });
        return;
      }
      // Any other conflict (key reused, menu changed) needs a fresh attempt, not the same key again.
      if (error.status === 409) useCheckout.getState().newAttempt();
      setFailure({ detail: error.status < 500 && error.fromServer ? withoutFieldPrefix(error.message) : undefined });
    } finally {
      if (!succeeded) {
        inFlight.current = false;
        setPlacing(false);
      }
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        <fieldset className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <legend id={groupId} className="px-1 text-lg font-bold">
            Payment method
          </legend>
          <div role="radiogroup" aria-labelledby={groupId} className="mt-2 grid gap-2">
            {PAYMENT_METHODS.map((m) => (
              <label
                key={m}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-300 px-3 py-2.5 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={m}
                  checked={method === m}
                  onChange={() => setMethod(m)}
                  className="h-4 w-4 accent-brand-700"
                />
                <span className="font-medium">{PAYMENT_METHOD_DISPLAY[m]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <section aria-labelledby="delivery-address" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <div className="flex items-center justify-between gap-2">
            <h2 id="delivery-address" className="text-lg font-bold">
              Delivery address
            </h2>
            <Link href="/checkout/address" className="text-sm font-semibold text-brand-800 underline">
              Change<span className="sr-only"> delivery address</span>
            </Link>
          </div>
          <address className="mt-2 text-sm text-stone-700 not-italic">
            {address.name} · {address.phone}
            <br />
            {address.street}, {address.city}, {address.state} {address.zip}
          </address>
        </section>
      </div>

      <section aria-labelledby="order-summary" className="h-fit rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
        <h2 id="order-summary" className="mb-2 text-lg font-bold">
          Order summary
        </h2>
        <OrderLines
          label="Items in your order"
          lines={lines.map((l) => ({
            key: l.cartId,
            name: l.name,
            portion: l.portion,
            unitPrice: l.price,
            quantity: l.quantity,
            lineTotal: l.price * l.quantity,
          }))}
        />
        <div className="mt-3">
          <Totals subtotal={subtotal} deliveryFee={deliveryFee} total={total} />
        </div>
        {failure && (
          <div className="mt-4">
            <Alert tone="error">
              <p className="font-semibold">{PLACE_ORDER_FAILED}</p>
              {failure.detail && <p className="mt-1">{failure.detail}</p>}
            </Alert>
          </div>
        )}
        <Button
          className="mt-4 w-full"
          onClick={placeOrder}
          disabled={placing}
          aria-describedby={placing ? `${groupId}-placing` : undefined}
        >
          Place Order
        </Button>
        {placing && (
          <p id={`${groupId}-placing`} role="status" className="mt-2 text-center text-sm text-stone-600">
            Placing your order…
          </p>
        )}
        <Link href="/cart" className={buttonClass("ghost", "mt-2 w-full")}>
          Back to cart
        </Link>
      </section>
    </div>
  );
}
