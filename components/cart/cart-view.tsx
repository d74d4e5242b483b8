"use client";

import Link from "next/link";
import { useCart } from "@/lib/cart/store";
import { subtotalOf } from "@/lib/cart/lines";
import { MAX_LINE_QUANTITY } from "@/lib/orders/limits";
import type { CartLine } from "@/lib/cart/types";
import { useCartReady } from "@/lib/cart/use-cart-ready";
import { useCheckout, useCheckoutReady } from "@/lib/cart/checkout-store";
import { feeFor, isNamedArea, shortOfMinimum, type AreaTerms } from "@/lib/cart/delivery-terms";
import { belowMinimumMessage } from "@/lib/store/words";
import { Alert } from "@/components/ui/alert";
import { formatRupees } from "@/lib/money";
import { portionLabel } from "@/lib/portions";
import { Button, buttonClass } from "@/components/ui/button";
import { Panel, panelClass } from "@/components/ui/panel";
import { EmptyState } from "@/components/ui/empty-state";
import { Totals } from "@/components/cart/totals";
import { LineImage } from "@/components/cart/line-image";
import { DietMark } from "@/components/ui/diet-mark";
import { LineOptions } from "@/components/orders/line-options";
import type { ChargeTerms } from "@/components/cart/charges";
import { CouponField, useCoupon, type CouponState } from "@/components/cart/coupon-field";

/**
 * The cart page's body: lines with minus/plus/Remove, the summary, Proceed to Checkout and Clear
 * Cart. The delivery fee is the area's of the address this checkout chose, else of `known` (the
 * customer's last address, or the shop-wide fee when no areas are defined), else unknown yet.
 * `charges` (read on the server with the page) adds the packaging and says "incl. GST".
 */
export function CartView({ known, charges }: { known: AreaTerms | null; charges: ChargeTerms }) {
  const ready = useCartReady();
  const checkoutReady = useCheckoutReady();
  const chosen = useCheckout((s) => s.delivery);
  const lines = useCart((s) => s.lines);
  const clear = useCart((s) => s.clear);
  const area = (checkoutReady && chosen?.area) || known;

  if (!ready) {
    return (
      <p role="status" className="text-stone-600">
        Loading your cart…
      </p>
    );
  }

  if (lines.length === 0) {
    return (
      <EmptyState
        message="Your cart is empty!"
        detail="Pick a bowl or two from the menu."
        links={[{ href: "/menu", label: "Browse the menu", primary: true }]}
      />
    );
  }

  return <CartWithLines lines={lines} area={area} charges={charges} clear={clear} pin={(checkoutReady && chosen?.pin) || undefined} />;
}

type WithLines = { lines: CartLine[]; area: AreaTerms | null; charges: ChargeTerms; clear: () => void; pin: string | undefined };

function CartWithLines({ lines, area, charges, clear, pin }: WithLines) {
  const subtotal = subtotalOf(lines);
  const coupon: CouponState = useCoupon({ subtotal, pin });
  const deliveryFee = area ? feeFor(area, subtotal) : null;
  const short = area ? shortOfMinimum(area, subtotal) : 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <ul aria-label="Items in your cart" className="space-y-3">
        {lines.map((line) => (
          <CartLineRow key={line.cartId} line={line} />
        ))}
      </ul>
      <Panel aria-labelledby="cart-summary" className="h-fit">
        <h2 id="cart-summary" className="mb-3 text-lg font-bold">
          Summary
        </h2>
        <Totals
          subtotal={subtotal}
          packaging={charges.packagingCharge}
          deliveryFee={deliveryFee}
          discount={coupon.code ? { amount: coupon.discount, code: coupon.code.toUpperCase() } : null}
          total={subtotal - coupon.discount + charges.packagingCharge + (deliveryFee ?? 0)}
          area={area && isNamedArea(area) ? area.name : null}
          inclGst={charges.inclGst}
        />
        <CouponField coupon={coupon} />
        {!area && (
          <p className="mt-2 text-sm text-stone-600">The delivery fee depends on your PIN code: you will see it at the address step.</p>
        )}
        {area && short > 0 && (
          <div className="mt-3">
            <Alert tone="warning">{belowMinimumMessage(area.name, area.minimumOrder)}</Alert>
          </div>
        )}
        <div className="mt-4 flex flex-col gap-2">
          <Link href="/checkout/address" className={buttonClass("primary", "w-full")}>
            Proceed to Checkout
          </Link>
          <Button variant="secondary" className="w-full" onClick={clear}>
            Clear Cart
          </Button>
        </div>
      </Panel>
    </div>
  );
}

const stepper =
  "inline-flex h-9 w-9 items-center justify-center rounded-lg border border-stone-300 bg-white text-lg font-bold hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50";

function CartLineRow({ line }: { line: CartLine }) {
  const increase = useCart((s) => s.increase);
  const decrease = useCart((s) => s.decrease);
  const remove = useCart((s) => s.remove);
  // Unique per line, so two lines of one bowl with other options are told apart by name too.
  const chosen = [...line.options.map((o) => o.name), ...(line.note ? [`note: ${line.note}`] : [])];
  const what = `${line.name} (${[portionLabel(line.portion), ...chosen].join(", ")})`;
  const atMax = line.quantity >= MAX_LINE_QUANTITY;

  return (
    <li className={panelClass("none", "flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap")}>
      <LineImage src={line.image} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="flex items-center gap-1.5 leading-snug font-semibold">
          {line.diet && <DietMark diet={line.diet} />}
          {line.name}
        </p>
        <p className="text-sm text-stone-600">
          {portionLabel(line.portion)} · {formatRupees(line.price)} each
        </p>
        <LineOptions options={line.options} note={line.note} className="mt-1" />
      </div>
      <div className="flex items-center gap-2">
        <button type="button" className={stepper} onClick={() => decrease(line.cartId)} aria-label={`Decrease quantity of ${what}`}>
          <span aria-hidden="true">−</span>
        </button>
        <span className="min-w-6 text-center font-semibold">
          <span className="sr-only">Quantity </span>
          <span data-testid="line-quantity">{line.quantity}</span>
        </span>
        <button
          type="button"
          className={stepper}
          onClick={() => increase(line.cartId)}
          disabled={atMax}
          aria-label={`Increase quantity of ${what}`}
          title={atMax ? `At most ${MAX_LINE_QUANTITY} per line` : undefined}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p className="w-20 text-right font-semibold" data-testid="line-total">
        {formatRupees(line.price * line.quantity)}
      </p>
      <button
        type="button"
        onClick={() => remove(line.cartId)}
        aria-label={`Remove ${what}`}
        className="rounded-md px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
      >
        Remove
      </button>
    </li>
  );
}
