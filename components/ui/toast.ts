import type { ExternalToast } from "sonner";

// The shop's toasts, with sonner (~11 kB gzip) loaded when the first one is shown rather than in
// every page's first load: the menu's "Add" buttons, the header's logout and the account forms
// all toast, so a static import put sonner on every page and hydrated its <Toaster> on load.
// <LazyToaster> (in the root layout) mounts sonner's <Toaster> once asked; a toast made before it
// mounted is shown when it does (sonner replays active toasts to a late subscriber).

type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "info" | "warning";

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of listeners) listener();
  }
  return sonner;
}

function show(kind?: Kind) {
  return (message: string, options?: ExternalToast): void => {
    void loadSonner().then(({ toast: sonnerToast }) => (kind ? sonnerToast[kind] : sonnerToast)(message, options));
  };
}

/** sonner's `toast`, `toast.success`, `.error`, `.info` and `.warning`, loading sonner on first use. */
export const toast = Object.assign(show(), {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
});

/** For <LazyToaster>: whether a toast has been asked for, and a way to hear when one is. */
export const toasterDemand = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  asked: (): boolean => sonner !== undefined,
};
