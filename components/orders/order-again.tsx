"use client";

import Link from "next/link";
import { useState } from "react";
import { api, messageOf } from "@/lib/client/api-client";
import { useCart } from "@/lib/cart/store";
import { reorderSentence } from "@/lib/reorder/words";
import { buttonClass } from "@/components/ui/button";

type Props = { orderId: string; orderCode: string };

/**
 * "Order again" (product.md §13): asks the server for the order's lines at today's prices, puts
 * them into the cart by the cart's own rules, then says in one sentence what went in and what was
 * left out, with the way to the cart.
 */
export function OrderAgain({ orderId, orderCode }: Props) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; added: boolean } | null>(null);

  async function again() {
    setBusy(true);
    setSaid(null);
    try {
      const reply = await api.reorder(orderId);
      // The saved cart loads after the first render: merging before it loaded would be overwritten by it.
      if (!useCart.persist.hasHydrated()) await useCart.persist.rehydrate();
      useCart.getState().merge(reply.lines);
      setSaid({ text: `${reorderSentence(reply)}.`, added: reply.lines.length > 0 });
    } catch (error) {
      setSaid({ text: messageOf(error, "Could not order again. Please try again."), added: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <button type="button" onClick={again} disabled={busy} className={buttonClass({ variant: "secondary", size: "sm" })}>
        Order again<span className="sr-only"> (order #{orderCode})</span>
      </button>
      <p role="status" className="text-sm text-stone-800">
        {said?.text}{" "}
        {said?.added && (
          <Link href="/cart" className="font-semibold text-brand-800 underline">
            Go to cart
          </Link>
        )}
      </p>
    </div>
  );
}
