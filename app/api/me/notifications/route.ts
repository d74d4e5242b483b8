import { NextResponse } from "next/server";
import { readBody, route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { notificationSettingsSchema } from "@/lib/notifications/schema";
import { changeNotificationSettings, notificationSettings } from "@/lib/notifications/settings";

// The signed-in customer's switches for order updates by push and WhatsApp (product.md §14: /account).
const privateReply = { headers: { "Cache-Control": "private, no-store" } };

export const GET = route(async (req) => NextResponse.json(await notificationSettings(await requireUser(req)), privateReply));

export const PUT = route(async (req) => {
  const user = await requireUser(req);
  return NextResponse.json(await changeNotificationSettings(user, await readBody(req, notificationSettingsSchema)), privateReply);
});
