import { NextResponse } from "next/server";
import { readBodyText, route } from "@/lib/http";
import { answerHandshake, receiveWhatsAppCallback } from "@/lib/notifications/whatsapp-webhook";

// WhatsApp's webhook (product.md §14). GET: Meta's handshake, the challenge as plain text. POST:
// a server-to-server callback (no Origin), taken only with its signature over the raw bytes.
export const GET = route(
  async (req) => new NextResponse(answerHandshake(req.nextUrl.searchParams), { headers: { "Content-Type": "text/plain; charset=utf-8" } }),
);

export const POST = route(async (req) => {
  const raw = await readBodyText(req);
  await receiveWhatsAppCallback(raw, req.headers.get("x-hub-signature-256"));
  return NextResponse.json({ ok: true });
});
