import { describe, expect, it } from "vitest";
import { pushBody, STATUS_WORDS } from "@/lib/notifications/words";
import { pushSubscriptionSchema } from "@/lib/notifications/schema";

// The words of order updates on the phone (product.md §14) and the subscription's shape: the
// status words the WhatsApp template takes, the push's text, and keys of the right length only.

describe("the status in words", () => {
  it("is the contract's word for each change", () => {
    const changes = Object.keys(STATUS_WORDS) as (keyof typeof STATUS_WORDS)[];
    expect(changes.map((about) => `${about}: ${pushBody("7KQ2", about)}`)).toEqual([
      "confirmed: #7KQ2 is accepted",
      "delayed: #7KQ2 is running late",
      "out_for_delivery: #7KQ2 is out for delivery",
      "delivered: #7KQ2 is delivered",
      "cancelled: #7KQ2 is cancelled",
      "paid: #7KQ2 is paid",
      "refunded: #7KQ2 is refunded",
    ]);
  });
});

describe("a push subscription", () => {
  const p256dh = Buffer.alloc(65, 4).toString("base64url");
  const auth = Buffer.alloc(16, 1).toString("base64url");
  const valid = { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh, auth } };

  it("takes a P-256 point and a 16-byte secret, with or without padding", () => {
    expect(pushSubscriptionSchema.safeParse(valid).success).toBe(true);
    expect(pushSubscriptionSchema.safeParse({ ...valid, keys: { p256dh: `${p256dh}=`, auth: `${auth}==` } }).success).toBe(true);
  });

  it.each([
    ["a short point", { p256dh: p256dh.slice(0, 40), auth }],
    ["a long secret", { p256dh, auth: Buffer.alloc(17).toString("base64url") }],
    ["not base64url", { p256dh: `${p256dh.slice(0, -1)}+`, auth }],
  ])("refuses %s", (_, keys) => {
    expect(pushSubscriptionSchema.safeParse({ ...valid, keys }).success).toBe(false);
  });
});
