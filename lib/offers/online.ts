import type { PaymentMethodLabel } from "@/lib/orders/schema";

/** The payment methods an `onlineOnly` offer accepts (product.md §13). Client-safe. */
export const ONLINE_METHODS: ReadonlySet<PaymentMethodLabel> = new Set(["UPI", "Card"]);
