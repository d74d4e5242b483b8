"use client";

import { useState } from "react";
import { ProviderButton, type Provider } from "@/components/auth/provider-button";

/** The provider buttons once at least one provider is configured: a click starts next-auth's sign-in. */
export function OAuthProviderButtons({ providers, callbackUrl }: { providers: Provider[]; callbackUrl: string }) {
  const [busy, setBusy] = useState<Provider["id"] | null>(null);

  async function start(id: Provider["id"]) {
    setBusy(id);
    try {
      // next-auth's client (~7 kB) loads on the click, not with the page.
      const { signIn } = await import("next-auth/react");
      // On success next-auth leaves the page for the provider; we only get back here on failure.
      await signIn(id, { callbackUrl });
    } finally {
      setBusy(null);
    }
  }

  return providers.map((p) => <ProviderButton key={p.id} provider={p} busy={busy} onClick={() => void start(p.id)} />);
}
