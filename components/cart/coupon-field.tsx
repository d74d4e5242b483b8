"use client";

import { useEffect, useId, useState } from "react";
import { api, settle } from "@/lib/client/api-client";
import { useCheckout } from "@/lib/cart/checkout-store";
import type { CouponCheck } from "@/lib/offers/types";
import type { PaymentMethodLabel } from "@/lib/orders/schema";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";

type Terms = { subtotal: number; paymentMethod?: PaymentMethodLabel; pin?: string };

export type CouponState = {
  /** The code applied, as the customer typed it; null when none. */
  code: string | null;
  /** The server's answer for the cart as it stands now; null while it is being asked. */
  check: CouponCheck | null;
  /** Rupees off while the code applies, else 0. */
  discount: number;
  apply: (code: string) => void;
  remove: () => void;
};

const UNREACHABLE = "Could not check the code. Please try again.";
const refused = (message: string): CouponCheck => ({ valid: false, reason: "invalid", message });

/**
 * The coupon of this checkout (kept with it, so the cart's code goes on to the payment step),
 * checked by the server again whenever the cart, the way of paying or the PIN changes: the same
 * rules the order is decided by when it is placed.
 */
export function useCoupon({ subtotal, paymentMethod, pin }: Terms): CouponState {
  const code = useCheckout((s) => s.couponCode);
  const setCode = useCheckout((s) => s.setCouponCode);
  const asked = JSON.stringify([code, subtotal, paymentMethod, pin]);
  // The answer with the question it answers: an answer to an older cart is no answer.
  const [answer, setAnswer] = useState<{ asked: string; check: CouponCheck } | null>(null);

  useEffect(() => {
    if (!code) return;
    let current = true;
    void settle(api.checkCoupon({ code, subtotal, paymentMethod, pin })).then((reply) => {
      if (current)
        setAnswer({
          asked,
          check: reply.ok ? reply.data : refused(reply.error.field ? reply.error.message : UNREACHABLE),
        });
    });
    return () => {
      current = false;
    };
  }, [asked, code, subtotal, paymentMethod, pin]);

  const check = code && answer?.asked === asked ? answer.check : null;
  return {
    code,
    check,
    discount: check?.valid ? check.discount : 0,
    apply: (typed) => setCode(typed.trim() || null),
    remove: () => setCode(null),
  };
}

/**
 * "Coupon code" with Apply, in the cart and at the payment step (product.md §13): once applied,
 * what it gives (the discount shows in the totals) and Remove; a refusal in the shop's words.
 */
export function CouponField({ coupon }: { coupon: CouponState }) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const { code, check } = coupon;

  if (code) {
    return (
      <div className="mt-3 space-y-1 text-sm" aria-live="polite">
        {check === null ? (
          <p role="status">Checking {code}…</p>
        ) : check.valid ? (
          <p role="status" className="text-brand-800">
            <span className="font-mono font-semibold">{check.code}</span> applied: {check.description}
          </p>
        ) : (
          <ErrorText>{`${code.toUpperCase()}: ${check.message}`}</ErrorText>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setTyped("");
            coupon.remove();
          }}
        >
          Remove<span className="sr-only"> coupon {code}</span>
        </Button>
      </div>
    );
  }

  return (
    <form
      className="mt-3 flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        coupon.apply(typed);
      }}
    >
      <label htmlFor={`${id}-code`} className="text-sm font-medium text-stone-800">
        Coupon code
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          className="w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base uppercase outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30"
        />
        <Button type="submit" size="sm" variant="secondary" disabled={typed.trim() === ""}>
          Apply
        </Button>
      </div>
    </form>
  );
}
