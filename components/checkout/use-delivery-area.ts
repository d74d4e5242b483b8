"use client";

import { useEffect, useState } from "react";
import { useCheckout } from "@/lib/cart/checkout-store";
import { api, settle } from "@/lib/client/api-client";
import type { AreaTerms } from "@/lib/cart/delivery-terms";

/**
 * The delivery area of the checkout's PIN: what the address step found at once, then as the
 * server says now (an admin may have changed the areas since), kept with the checkout.
 * `notDelivering`: the server says that PIN is not served (any more).
 */
export function useDeliveryArea(pin: string) {
  const stored = useCheckout((s) => s.delivery);
  const setDelivery = useCheckout((s) => s.setDelivery);
  const [refusedPin, setRefusedPin] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void settle(api.checkPin(pin)).then((reply) => {
      if (!current || !reply.ok) return;
      if (reply.data.delivers) {
        setDelivery({ pin, area: reply.data.area });
      } else {
        setDelivery(null);
        setRefusedPin(pin);
      }
    });
    return () => {
      current = false;
    };
  }, [pin, setDelivery]);

  const area: AreaTerms | null = stored?.pin === pin ? stored.area : null;
  return { area, notDelivering: refusedPin === pin, markNotDelivering: () => setRefusedPin(pin) };
}
