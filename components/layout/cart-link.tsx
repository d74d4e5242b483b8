"use client";

import Link from "next/link";
import { useCart } from "@/lib/cart/store";
import { totalQuantity } from "@/lib/cart/lines";
import { useCartReady } from "@/lib/cart/use-cart-ready";

export function CartLink() {
  const ready = useCartReady();
  const count = useCart((s) => totalQuantity(s.lines));
  const shown = ready ? count : 0;
  return (
    <Link
      href="/cart"
      className="relative inline-flex items-center gap-1 rounded-md px-2 py-1.5 font-medium hover:bg-brand-50"
      aria-label={shown > 0 ? `Cart, ${shown} ${shown === 1 ? "item" : "items"}` : "Cart"}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h8.9a2 2 0 0 0 2-1.5L22 7H6" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="10" cy="20.5" r="1.3" />
        <circle cx="18" cy="20.5" r="1.3" />
      </svg>
      <span>Cart</span>
      {/* On the icon's corner, out of the row's flow: the count arrives from the browser's
          storage after the first paint, and must not move the links beside it. */}
      {shown > 0 && (
        <span
          data-testid="cart-badge"
          className="absolute -top-1 left-5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}
