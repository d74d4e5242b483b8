"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ApiError, api } from "@/lib/api-client";

export function LogoutButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function logout() {
    setBusy(true);
    try {
      // Only an unreachable server stops here; whatever it answered, the page moves on.
      await api.logout().catch((error: unknown) => {
        if (!(error instanceof ApiError) || error.status === 0) throw error;
      });
      toast.success("Logged out successfully");
      router.push("/");
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={logout}
      disabled={busy}
      className="rounded-md px-2 py-1.5 font-medium hover:bg-brand-50 disabled:opacity-60"
    >
      Logout
    </button>
  );
}
