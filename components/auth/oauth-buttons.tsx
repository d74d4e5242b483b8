"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

type Provider = { id: "google" | "facebook"; label: string; enabled: boolean };

/** Google and Facebook sign-in through next-auth; shown disabled with a hint when not configured. */
export function OAuthButtons({ googleEnabled, facebookEnabled, callbackUrl }: { googleEnabled: boolean; facebookEnabled: boolean; callbackUrl: string }) {
  const [busy, setBusy] = useState<Provider["id"] | null>(null);
  const providers: Provider[] = [
    { id: "google", label: "Google", enabled: googleEnabled },
    { id: "facebook", label: "Facebook", enabled: facebookEnabled },
  ];

  async function start(id: Provider["id"]) {
    setBusy(id);
    try {
      // On success next-auth leaves the page for the provider; we only get back here on failure.
      await signIn(id, { callbackUrl });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-stone-500" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      {providers.map((p) => {
        const hintId = `oauth-${p.id}-hint`;
        return (
          <div key={p.id} className="flex flex-col gap-1">
            <button
              type="button"
              className={buttonClass("secondary", "w-full")}
              disabled={!p.enabled || busy !== null}
              aria-describedby={p.enabled ? undefined : hintId}
              onClick={() => void start(p.id)}
            >
              {busy === p.id ? `Opening ${p.label}…` : `Continue with ${p.label}`}
            </button>
            {p.enabled ? null : (
              <p id={hintId} className="text-center text-xs text-stone-600">
                {p.label} sign-in is not configured
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
