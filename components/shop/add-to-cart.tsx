"use client";

import { useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { loadCart } from "@/lib/cart/badge";
import { formatRupees } from "@/lib/money";
import { PORTIONS, portionLabel, type PortionKey, type Prices } from "@/lib/portions";
import type { Diet } from "@/lib/menu/facts";
import type { Nutrition } from "@/lib/menu/types";
import { buttonClass } from "@/components/ui/button";
import type { OpenChooser } from "@/components/shop/bowl-chooser";

type Props = {
  item: {
    id: string;
    name: string;
    image: string;
    prices: Prices;
    available: boolean;
    diet: Diet;
    nutrition: Nutrition;
    /** The item has option groups: the card offers "Customise". */
    customisable: boolean;
  };
  /** id of the card's heading, so the button is announced with the salad's name. */
  describedBy?: string;
};

/** "330 kcal · 24 g protein" for the portion; empty while neither is known. */
function factsLine({ kcal, protein }: Nutrition[PortionKey]) {
  return [kcal === null ? null : `${kcal} kcal`, protein === null ? null : `${protein} g protein`].filter(Boolean).join(" · ");
}

/** Portion selector, its energy and protein, "Add to Cart · ₹179" and "Customise"; works signed out (the cart is local). */
export function AddToCart({ item, describedBy }: Props) {
  const [portion, setPortion] = useState<PortionKey>("small");
  const [chooser, setChooser] = useState<OpenChooser | null>(null);
  const [opening, setOpening] = useState(false);
  const customiseRef = useRef<HTMLButtonElement>(null);
  const selectId = useId();
  const price = item.prices[portion];
  const facts = factsLine(item.nutrition[portion]);

  async function add() {
    // The cart's code and the saved cart load on the first add (lib/cart/badge.ts); adding before
    // the saved cart was read would be overwritten by it.
    const useCart = await loadCart().catch(() => null);
    if (!useCart) return toast.error("Could not add to the cart. Please try again.");
    useCart.getState().add({ id: item.id, name: item.name, image: item.image, portion, price, diet: item.diet });
    toast.success(`${item.name} added to cart`);
  }

  async function customise() {
    setOpening(true);
    // The chooser's code and the item's current options load on first use only, so the
    // menu's first load does not carry them.
    // The chooser adds to the cart itself: the cart is loaded with it, so the header counts it.
    const [opened] = await Promise.all([
      import("@/components/shop/bowl-chooser").then(
        (m) => m.openChooser(item.id),
        () => null,
      ),
      loadCart().catch(() => null),
    ]);
    setOpening(false);
    if (opened) setChooser(opened);
    else toast.error("Could not load the options. Please try again.");
  }

  function closed() {
    setChooser(null);
    customiseRef.current?.focus();
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
      {facts && (
        <p className="text-sm text-stone-700" data-testid="portion-facts">
          {facts}
        </p>
      )}
      <button
        type="button"
        onClick={add}
        disabled={!item.available}
        aria-describedby={describedBy}
        className={buttonClass(item.available ? "primary" : "secondary", "w-full")}
      >
        {item.available ? `Add to Cart · ${formatRupees(price)}` : "Sold out"}
      </button>
      {item.customisable && item.available && (
        <button
          ref={customiseRef}
          type="button"
          onClick={customise}
          disabled={opening}
          aria-describedby={describedBy}
          className={buttonClass("secondary", "w-full")}
        >
          Customise
        </button>
      )}
      {chooser && <chooser.Chooser item={chooser.item} portion={portion} onClose={closed} />}
    </div>
  );
}
