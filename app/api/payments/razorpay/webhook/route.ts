import { NextResponse } from "next/server";
import { readBodyText, route } from "@/lib/http";
import { receiveWebhook } from "@/lib/payments/webhook";

// The gateway's webhooks (product.md §10). A server-to-server POST: no Origin, no Sec-Fetch-Site,
// so route()'s cross-site guard lets it through; the gateway's adapter reads its signature over
// the raw bytes and its headers.
export const POST = route(async (req) => {
  const raw = await readBodyText(req);
  await receiveWebhook(raw, req.headers);
  return NextResponse.json({ ok: true });
});
