import "server-only";
import { z } from "zod";
import { env } from "@/lib/env";

// The WhatsApp port (product.md §14): one `order_update` template message through Meta's
// WhatsApp Business Cloud API, plain HTTPS JSON with the shop's bearer token. The only code that
// knows the Graph API's names; tests and development reach the local imitation through
// WHATSAPP_API_URL (imitations/whatsapp/).

export type TemplateMessage = { to: string; code: string; words: string };

/** A refusal that sending again cannot mend (a number not on WhatsApp, a template not approved). */
export class WhatsAppRefusal extends Error {}

const replySchema = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const errorSchema = z.object({ error: z.object({ message: z.string() }) });

const TIMEOUT_MS = 10_000;

/** Sends the template to `to` (91XXXXXXXXXX); the Cloud API's id for the message, which its statuses name. */
export async function sendTemplate({ to, code, words }: TemplateMessage): Promise<string> {
  const { WHATSAPP_API_URL, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_TEMPLATE } = env();
  const reply = await fetch(`${WHATSAPP_API_URL.replace(/\/+$/, "")}/${WHATSAPP_PHONE_NUMBER_ID}/messages`, {
    method: "POST",
    headers: { Authorization: `Bearer ${WHATSAPP_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      messaging_product: "whatsapp",
      to,
      type: "template",
      template: {
        name: WHATSAPP_TEMPLATE,
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: code },
              { type: "text", text: words },
            ],
          },
        ],
      },
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body: unknown = await reply.json().catch(() => null);
  if (reply.ok) {
    const parsed = replySchema.safeParse(body);
    if (parsed.success) return parsed.data.messages[0].id;
    throw new Error("WhatsApp answered without a message id");
  }
  const why = `WhatsApp refused the message (${reply.status}): ${errorSchema.safeParse(body).data?.error.message ?? "no reason given"}`;
  // Rate limits and the API's own troubles pass; any other refusal would meet every retry.
  if (reply.status === 429 || reply.status >= 500) throw new Error(why);
  throw new WhatsAppRefusal(why);
}
