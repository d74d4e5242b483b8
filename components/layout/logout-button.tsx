"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { navLinkClass } from "@/components/layout/nav-link";
import { toast } from "@/components/ui/toast";
import { setSignedInUser } from "@/lib/auth/signed-in";

export function LogoutButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    try {
      // Only an unreachable server stops here; whatever it answered, the page moves on.
      // Loaded on click: the button is in the header of every page, and most visits never log out.
      const { ApiError, api } = await import("@/lib/client/api-client");
      await api.logout().catch((error: unknown) => {
        if (!(error instanceof ApiError) || error.status === 0) throw error;
      });
      setSignedInUser(null);
      // The cart and the checkout's address live in this browser's storage: the next person at a
      // shared computer must not find (or order to) the last one's bowls and address.
      const [{ useCart }, { useCheckout }] = await Promise.all([import("@/lib/cart/store"), import("@/lib/cart/checkout-store")]);
      useCart.getState().clear();
      useCheckout.getState().reset();
      toast.success("Logged out successfully");
      router.push("/");
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" onClick={logout} disabled={busy} className={`${navLinkClass} disabled:opacity-60`}>
      Logout
    </button>
  );
}
