"use client";

import { useEffect } from "react";

/**
 * Registers the service worker (public/sw.js, built from app/sw.ts) once the page has loaded, so
 * it never competes with the page's own first requests. The root layout renders it in production
 * only: in development a worker would keep serving yesterday's files. Serwist's window helper is
 * not needed for a plain registration, and would be script on every page.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    if (document.readyState === "complete") register();
    else {
      window.addEventListener("load", register, { once: true });
      return () => window.removeEventListener("load", register);
    }
  }, []);
  return null;
}
