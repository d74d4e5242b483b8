"use client";

import { useSyncExternalStore } from "react";
import { accountHintIn, type AccountHint } from "@/lib/auth/account-hint";

// The signed-in state the header shows, read from the account hint cookie. The server (and the
// cached HTML) cannot know it, so the server snapshot is "unknown" and the header falls back to
// CSS driven by the inline script until React takes over.

const EVENT = "fresh-bowl:account";

export type AccountState = AccountHint | "signed-out" | "unknown";

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  // Signing in or out in another tab changes the cookie here too.
  window.addEventListener("focus", onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener("focus", onChange);
  };
}

function snapshot(): AccountState {
  return accountHintIn(document.cookie) ?? "signed-out";
}

export function useAccountHint(): AccountState {
  return useSyncExternalStore(subscribe, snapshot, () => "unknown");
}

/** Call after signing in or out, once the reply (and its Set-Cookie) has arrived. */
export function announceAccountChange() {
  window.dispatchEvent(new Event(EVENT));
}
