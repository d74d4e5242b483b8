"use client";

import Link from "next/link";
import { useEffect, type ReactNode } from "react";
import { loadCart, useCartCount } from "@/lib/cart/badge";
import { CART_STORAGE_KEY } from "@/lib/cart/storage-key";

/**
 * The cart's link with its badge; `children` (the icon and its word) come rendered from the
 * server. `className`: where it shows (the header has one for phones and one for wider screens).
 */
export function CartLink({ children, className = "" }: { children: ReactNode; className?: string }) {
  const shown = useCartCount((s) => s.count);

  // The cart's code loads only when this browser holds a cart (lib/cart/badge.ts); other tabs stay in sync.
  useEffect(() => {
    if (localStorage.getItem(CART_STORAGE_KEY) !== null) void loadCart().catch(() => undefined);
    const onStorage = (e: StorageEvent) => {
      if (e.key === CART_STORAGE_KEY)
        void loadCart().then(
          (cart) => cart.persist.rehydrate(),
          () => undefined,
        );
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return (
    <Link
      href="/cart"
      className={`relative inline-flex items-center gap-1 rounded-md px-2 py-1.5 font-medium hover:bg-brand-50 ${className}`}
      aria-label={shown > 0 ? `Cart, ${shown} ${shown === 1 ? "item" : "items"}` : "Cart"}
    >
      {children}
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
