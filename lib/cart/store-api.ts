import { apiFetch } from "@/lib/api-client";
import type { DeliveryCheck, SlotOffer, StoreState } from "@/lib/store/types";

// The browser's calls for where and when the shop delivers (product.md §9), through the one
// JSON client (lib/api-client.ts), so failures arrive as ApiErrors like every other call.

export const storeApi = {
  /** The shop's state now: open, paused, next opening, the ASAP promise and how far ahead orders may be scheduled. */
  state: () => apiFetch<StoreState>("GET", "/api/store"),
  /** The slots a customer may schedule on an India date `YYYY-MM-DD`, full ones marked. */
  slots: (date: string) => apiFetch<SlotOffer[]>("GET", `/api/slots?date=${encodeURIComponent(date)}`),
  /** Whether the shop delivers to a 6-digit PIN, and on what terms. */
  checkPin: (pin: string) => apiFetch<DeliveryCheck>("GET", `/api/delivery-areas/check?pin=${encodeURIComponent(pin)}`),
};
