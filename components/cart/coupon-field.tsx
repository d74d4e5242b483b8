"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";
import type { CouponState } from "@/components/cart/use-coupon";

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
