"use client";

import { useCallback, useSyncExternalStore } from "react";

// Whether the kitchen turned the chime on: off until someone does, then remembered on this
// device (localStorage), and the same in every tab of it.

const KEY = "fresh-bowl-kitchen-sound";
const listeners = new Set<() => void>();
/** Where the setting lives when the browser refuses storage (private mode, a policy): this page only. */
let unstored = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return unstored;
  }
}

export function useSoundSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, stored, () => false);
  const set = useCallback((value: boolean) => {
    try {
      localStorage.setItem(KEY, value ? "on" : "off");
    } catch {
      unstored = value;
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [on, set];
}
