"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { subtotalOf } from "@/lib/cart/lines";
import type { CartLine } from "@/lib/cart/types";
import type { Address, PaymentMethodLabel } from "@/lib/orders/schema";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Totals } from "@/components/cart/totals";
import { PostalAddress } from "@/components/orders/postal-address";
import { CheckoutCard } from "@/components/checkout/checkout-card";
import { OrderLines } from "@/components/checkout/order-lines";
import { PaymentMethodPicker } from "@/components/checkout/payment-method-picker";
import { useCheckoutGuard } from "@/components/checkout/use-checkout-guard";
import { usePlaceOrder } from "@/components/checkout/use-place-order";

const PLACE_ORDER_FAILED = "Failed to place order. Please try again.";

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

type FormProps = { lines: CartLine[]; address: Address; deliveryFee: number; onPlaced: () => void };

function PaymentForm({ lines, address, deliveryFee, onPlaced }: FormProps) {
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodLabel>("Cash on Delivery");
  const subtotal = subtotalOf(lines);
  const total = subtotal + deliveryFee;
  const { placing, failure, placeOrder } = usePlaceOrder({ lines, address, paymentMethod, total }, onPlaced);
  const placingId = useId();

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        <PaymentMethodPicker value={paymentMethod} onChange={setPaymentMethod} />
        <CheckoutCard
          id="delivery-address"
          title="Delivery address"
          action={
            <Link href="/checkout/address" className="text-sm font-semibold text-brand-800 underline">
              Change<span className="sr-only"> delivery address</span>
            </Link>
          }
        >
          <PostalAddress address={address} className="mt-2 text-sm" />
        </CheckoutCard>
      </div>

      <CheckoutCard id="order-summary" title="Order summary" className="h-fit">
        <OrderLines
          label="Items in your order"
          lines={lines.map((l) => ({
            key: l.cartId,
            name: l.name,
            portion: l.portion,
            unitPrice: l.price,
            quantity: l.quantity,
            lineTotal: l.price * l.quantity,
            options: l.options,
            note: l.note,
            diet: l.diet,
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
        <Button className="mt-4 w-full" onClick={placeOrder} disabled={placing} aria-describedby={placing ? placingId : undefined}>
          Place Order
        </Button>
        {placing && (
          <p id={placingId} role="status" className="mt-2 text-center text-sm text-stone-600">
            Placing your order…
          </p>
        )}
        <Link href="/cart" className={buttonClass("ghost", "mt-2 w-full")}>
          Back to cart
        </Link>
      </CheckoutCard>
    </div>
  );
}
