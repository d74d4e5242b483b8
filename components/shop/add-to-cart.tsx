"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { useCart } from "@/lib/cart/store";
import { formatRupees } from "@/lib/money";
import { PORTIONS, portionLabel, type PortionKey, type Prices } from "@/lib/portions";
import type { Diet } from "@/lib/menu/schema";
import { buttonClass } from "@/components/ui/button";

type Props = {
  item: { id: string; name: string; image: string; prices: Prices; available: boolean; diet: Diet };
  /** id of the card's heading, so the button is announced with the salad's name. */
  describedBy?: string;
};

/** Portion selector and "Add to Cart · ₹179" button; works signed out (the cart is local). */
export function AddToCart({ item, describedBy }: Props) {
  const [portion, setPortion] = useState<PortionKey>("small");
  const selectId = useId();
  const price = item.prices[portion];

  async function add() {
    // The saved cart loads after the first render; adding before it loaded would be
    // overwritten by it, so load it first.
    if (!useCart.persist.hasHydrated()) await useCart.persist.rehydrate();
    useCart.getState().add({ id: item.id, name: item.name, image: item.image, portion, price, diet: item.diet });
    toast.success(`${item.name} added to cart`);
  }

  return (
    <div className="mt-auto flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium text-stone-800">
          Portion
        </label>
        <select
          id={selectId}
          value={portion}
          onChange={(e) => setPortion(e.target.value as PortionKey)}
          disabled={!item.available}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm disabled:bg-stone-100"
        >
          {PORTIONS.map((p) => (
            <option key={p.key} value={p.key}>
              {portionLabel(p.key)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        onClick={add}
        disabled={!item.available}
        aria-describedby={describedBy}
        className={buttonClass(item.available ? "primary" : "secondary", "w-full")}
      >
        {item.available ? `Add to Cart · ${formatRupees(price)}` : "Sold out"}
      </button>
    </div>
  );
}
