"use client";

import { useEffect, useState } from "react";
import { api, settle } from "@/lib/client/api-client";
import { useCheckout } from "@/lib/cart/checkout-store";
import type { CouponCheck } from "@/lib/offers/types";
import type { PaymentMethodLabel } from "@/lib/orders/schema";

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
