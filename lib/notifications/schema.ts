import { z } from "zod";

// The bodies of the push and notification-settings endpoints (product.md §14), client-safe.

/** base64url of exactly `bytes` bytes (padding allowed, as some browsers send it). */
const base64Url = (bytes: number, what: string) =>
  z
    .string({ error: `${what} is required` })
    .max(200, `${what} is too long`)
    .refine(
      (value) => /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, "base64url").length === bytes,
      `${what} is not a valid key`,
    );

export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: "endpoint must be a URL" }).max(2048, "endpoint is too long"),
  keys: z.object(
    {
      // An uncompressed P-256 point (RFC 8291): 65 bytes; the auth secret: 16.
      p256dh: base64Url(65, "keys.p256dh"),
      auth: base64Url(16, "keys.auth"),
    },
    { error: "keys must be {p256dh, auth}" },
  ),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.string({ error: "endpoint is required" }).min(1).max(2048) });

export const notificationSettingsSchema = z
  .object({
    push: z.boolean({ error: "push must be true or false" }).optional(),
    whatsapp: z.boolean({ error: "whatsapp must be true or false" }).optional(),
  })
  .strict();
