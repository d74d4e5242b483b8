import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Forbidden, Invalid } from "@/lib/errors";

// WhatsApp's webhook (product.md §14): Meta's subscription handshake, and its signed callbacks,
// which say what became of each message (sent, delivered, read, failed) and bring what
// customers write back: `STOP` turns WhatsApp off for that number.

/** GET: the handshake; the challenge when the verify token is ours, else 403. */
export function answerHandshake(query: URLSearchParams): string {
  const token = env().WHATSAPP_VERIFY_TOKEN;
  const sent = query.get("hub.verify_token") ?? "";
  const challenge = query.get("hub.challenge");
  if (!token || query.get("hub.mode") !== "subscribe" || challenge === null || !sameText(sent, token))
    throw new Forbidden("This is not WhatsApp's handshake with this shop.");
  return challenge;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Compared in constant time: digests of equal length, whatever was sent. */
function sameText(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether `header` is `sha256=` and the hex HMAC-SHA256 of `raw` under the app secret. */
function isSigned(raw: string, header: string | null): boolean {
  const secret = env().WHATSAPP_APP_SECRET;
  if (!secret || !header) return false;
  const expected = `sha256=${createHmac("sha256", secret).update(raw, "utf8").digest("hex")}`;
  return sameText(header.trim().toLowerCase(), expected);
}

const callbackSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z.object({
                statuses: z
                  .array(
                    z.object({
                      id: z.string(),
                      status: z.string(),
                      errors: z.array(z.object({ title: z.string().optional() })).optional(),
                    }),
                  )
                  .optional(),
                messages: z
                  .array(z.object({ from: z.string(), type: z.string(), text: z.object({ body: z.string() }).optional() }))
                  .optional(),
              }),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** The Cloud API's word for a message's state, as the outbox's; `read` is delivered too. */
const STATES = { sent: "sent", delivered: "delivered", read: "delivered", failed: "failed" } as const;
/** A state moves forward only: a late `sent` never undoes `delivered`. */
const MAY_MOVE_FROM = { sent: ["queued"], delivered: ["queued", "sent"], failed: ["queued", "sent"] } as const;

async function recordStatus(providerId: string, word: string, error: string | undefined): Promise<void> {
  const state = STATES[word as keyof typeof STATES];
  if (!state) return;
  const at = new Date();
  await db().orderMessage.updateMany({
    where: { providerId, channel: "whatsapp", state: { in: [...MAY_MOVE_FROM[state]] } },
    data: {
      state,
      updatedAt: at,
      ...(state === "delivered" ? { deliveredAt: at } : {}),
      ...(state === "failed" ? { lastError: (error ?? "WhatsApp could not deliver the message.").slice(0, 500) } : {}),
    },
  });
}

/** POST: a signed callback, recorded; 400 and nothing changes without a valid signature or JSON. */
export async function receiveWhatsAppCallback(raw: string, signature: string | null): Promise<void> {
  if (!isSigned(raw, signature))
    throw new Invalid("The X-Hub-Signature-256 header does not match the body.", undefined, "invalid_signature");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Invalid("Request body is not valid JSON.");
  }
  const parsed = callbackSchema.safeParse(body);
  // Signed but of a shape we do not know (another field Meta sends): nothing to record.
  if (!parsed.success) return;
  for (const { value } of parsed.data.entry.flatMap((e) => e.changes)) {
    for (const status of value.statuses ?? []) await recordStatus(status.id, status.status, status.errors?.[0]?.title);
    for (const message of value.messages ?? []) {
      if (message.type !== "text" || message.text?.body.trim().toUpperCase() !== "STOP") continue;
      const phone = message.from.replace(/\D/g, "");
      await db().whatsappOptOut.upsert({ where: { phone }, create: { phone }, update: {} });
    }
  }
}
