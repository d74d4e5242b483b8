"use client";

import Link from "next/link";
import { useCartCount } from "@/lib/cart/badge";
import { viewCartLine } from "@/lib/cart/view-cart-line";

/**
 * Phones, /menu: once the cart holds a bowl, a bar above the bottom links that goes to the cart
 * with what it holds. Sticky at the end of the menu, so it rides along while the cards scroll and
 * never covers the footer. The count comes from the header's cart link, which loads the cart.
 */
export function CartBar() {
  const { count, subtotal } = useCartCount();
  if (count === 0) return null;
  return (
    <div className="sticky bottom-[calc(var(--bottom-bar-height)+env(safe-area-inset-bottom)+0.5rem)] z-20 mt-6 sm:hidden">
      <Link
        href="/cart"
        prefetch={false}
        data-testid="cart-bar"
        className="flex w-full items-center justify-center rounded-xl bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-800"
      >
        {viewCartLine(count, subtotal)}
      </Link>
    </div>
  );
}
