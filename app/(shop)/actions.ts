"use server";

import { pinSchema } from "@/lib/store/schema";
import { checkPin } from "@/lib/store/delivery-areas";
import { deliveryAnswerWords } from "@/lib/cart/delivery-terms";
import type { PinAnswer } from "@/components/shop/pin-answer";

const NOT_A_PIN = "Please enter a 6-digit PIN code, like 560034.";

/**
 * "Do we deliver to you?" from the landing page's form (product.md §9): a Server Action, so the
 * form works before the page's script has loaded and without JavaScript at all, while the page
 * itself stays prerendered. The same check as GET /api/delivery-areas/check.
 */
export async function checkDelivery(_previous: PinAnswer | null, form: FormData): Promise<PinAnswer> {
  const raw = form.get("pin");
  const typed = typeof raw === "string" ? raw.trim().slice(0, 16) : "";
  const parsed = pinSchema.safeParse({ pin: typed.replace(/\s/g, "") });
  if (!parsed.success) return { pin: typed, tone: "invalid", words: NOT_A_PIN };
  const check = await checkPin(parsed.data.pin);
  return { pin: check.pin, tone: check.delivers ? "yes" : "no", words: deliveryAnswerWords(check) };
}
