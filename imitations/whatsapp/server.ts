import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";

// A local stand-in for Meta's Graph API (WhatsApp Business Cloud API, product.md §14) for tests
// and development: `POST /{phone-number-id}/messages` with the shop's bearer token records the
// template message and answers as the Cloud API does; the helpers build the webhook callbacks
// WhatsApp would send back (delivery statuses, a customer's reply), signed with the app secret
// as `X-Hub-Signature-256`. The shop reaches it by WHATSAPP_API_URL = `url` (whatsappShopSettings);
// another process reads what was sent from `GET /sent`.

type WhatsAppSettings = { token: string; phoneNumberId: string; appSecret: string; verifyToken: string };

type SentTemplate = { id: string; to: string; body: Record<string, unknown>; at: number };

export type WhatsAppImitation = {
  url: string;
  settings: WhatsAppSettings;
  sent: SentTemplate[];
  /** The next `count` sends are answered `status` (500: the API is down; 400: a number not on WhatsApp). */
  refuseNext: (count: number, status: number) => void;
  close: () => Promise<void>;
};

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("error", reject);
    req.on("end", () => resolve(text));
  });
}

/** The shop's WHATSAPP_* settings pointed at `imitation`. */
export function whatsappShopSettings(imitation: Pick<WhatsAppImitation, "url" | "settings">): Record<string, string> {
  return {
    WHATSAPP_TOKEN: imitation.settings.token,
    WHATSAPP_PHONE_NUMBER_ID: imitation.settings.phoneNumberId,
    WHATSAPP_APP_SECRET: imitation.settings.appSecret,
    WHATSAPP_VERIFY_TOKEN: imitation.settings.verifyToken,
    WHATSAPP_API_URL: imitation.url,
  };
}

export async function startWhatsAppImitation(options: { port?: number } = {}): Promise<WhatsAppImitation> {
  const settings: WhatsAppSettings = {
    token: `EAAG${randomUUID().replaceAll("-", "")}`,
    phoneNumberId: "106540352242922",
    appSecret: randomUUID(),
    verifyToken: randomUUID(),
  };
  const sent: SentTemplate[] = [];
  const refusals: number[] = [];
  const server = createServer(async (req, res) => {
    const text = await readAll(req);
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "GET" && req.url === "/sent") return reply(200, sent);
    if (req.method !== "POST" || req.url !== `/${settings.phoneNumberId}/messages`)
      return reply(404, { error: { message: "Unknown path" } });
    if (req.headers.authorization !== `Bearer ${settings.token}`) return reply(401, { error: { message: "Invalid OAuth access token" } });
    const refusal = refusals.shift();
    if (refusal)
      return reply(refusal, {
        error: { message: refusal >= 500 ? "Service temporarily unavailable" : "Recipient is not a WhatsApp user" },
      });
    const body = JSON.parse(text) as Record<string, unknown>;
    const id = `wamid.${randomUUID().replaceAll("-", "")}`;
    sent.push({ id, to: String(body.to), body, at: Date.now() });
    reply(200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the WhatsApp imitation has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    settings,
    sent,
    refuseNext: (count, status) => refusals.push(...Array<number>(count).fill(status)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A callback as WhatsApp sends it, with one change's `value`. */
const callback = (value: Record<string, unknown>) =>
  JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: "WABA_ID", changes: [{ field: "messages", value: { messaging_product: "whatsapp", ...value } }] }],
  });

/** WhatsApp's word on a message it was given: sent, delivered, read or failed. */
export function statusCallback(messageId: string, status: "sent" | "delivered" | "read" | "failed", recipient = "919876543210"): string {
  const errors = status === "failed" ? [{ code: 131026, title: "Message undeliverable" }] : undefined;
  return callback({
    statuses: [{ id: messageId, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient, errors }],
  });
}

/** A customer's text message to the shop's number. */
export function textCallback(from: string, text: string): string {
  return callback({ contacts: [{ wa_id: from }], messages: [{ from, id: `wamid.${randomUUID()}`, type: "text", text: { body: text } }] });
}

/** The X-Hub-Signature-256 header WhatsApp signs `raw` with. */
export function hubSignature(raw: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(raw, "utf8").digest("hex")}`;
}
