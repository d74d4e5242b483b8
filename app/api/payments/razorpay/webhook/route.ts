import { NextResponse } from "next/server";
import { readBodyText, route } from "@/lib/http";
import { receiveWebhook } from "@/lib/payments/webhook";

// Razorpay's webhooks (product.md §10). A server-to-server POST: no Origin, no Sec-Fetch-Site,
// so route()'s cross-site guard lets it through; the signature over the raw bytes is its proof.
export const POST = route(async (req) => {
  const raw = await readBodyText(req);
  await receiveWebhook(raw, req.headers.get("x-razorpay-signature"), req.headers.get("x-razorpay-event-id"));
  return NextResponse.json({ ok: true });
});
