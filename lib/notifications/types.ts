import type { CHANNEL_WORDS, STATE_WORDS } from "@/lib/notifications/words";

// The notifications domain's shapes (client-safe): the outbox as the admin's order page and its
// API show it, and the customer's switches.

type MessageChannel = keyof typeof CHANNEL_WORDS;
type MessageState = keyof typeof STATE_WORDS;

/** One message sent (or to be sent) about an order; times ISO. */
export type ApiOrderMessage = {
  id: string;
  channel: MessageChannel;
  /** What it told: placed, confirmed, delayed, out_for_delivery, delivered, cancelled, paid, refunded. */
  about: string;
  /** The e-mail address, the WhatsApp number, or for a push the push service's host. */
  to: string;
  state: MessageState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
};

/** The customer's switches (product.md §14), and whether the shop offers each channel at all. */
export type NotificationSettings = { push: boolean; whatsapp: boolean; pushAvailable: boolean; whatsappAvailable: boolean };

/** A push subscription as POST /api/push/subscriptions answers it. */
export type ApiPushSubscription = { id: string; endpoint: string; createdAt: string };
