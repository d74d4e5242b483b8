// What the outbox's messages say (product.md §14), client-safe: the status in words that the
// WhatsApp template and the push carry, and the words the admin's list shows.

/** What a message tells; the e-mail of a placed order adds `placed`. */
export type MessageAbout = "placed" | "confirmed" | "delayed" | "out_for_delivery" | "delivered" | "cancelled" | "paid" | "refunded";

/** The status in words, as the `order_update` template's second parameter takes it. */
export const STATUS_WORDS: Record<Exclude<MessageAbout, "placed">, string> = {
  confirmed: "accepted",
  delayed: "running late",
  out_for_delivery: "out for delivery",
  delivered: "delivered",
  cancelled: "cancelled",
  paid: "paid",
  refunded: "refunded",
};

/** A push notification's text: `#7KQ2 is out for delivery`. */
export function pushBody(code: string, about: Exclude<MessageAbout, "placed">): string {
  return `#${code} is ${STATUS_WORDS[about]}`;
}

/** The admin's words for what a message told. */
export function aboutWords(about: string): string {
  if (about === "placed") return "order placed";
  return about in STATUS_WORDS ? STATUS_WORDS[about as keyof typeof STATUS_WORDS] : about.replaceAll("_", " ");
}

export const CHANNEL_WORDS = { email: "E-mail", push: "Push", whatsapp: "WhatsApp" } as const;

export const STATE_WORDS = { queued: "Queued", sent: "Sent", delivered: "Delivered", failed: "Failed" } as const;
