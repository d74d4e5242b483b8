// Issue 35's push row: a status change reaches a local push service within 2 s. The shop runs as
// in production with VAPID keys of this run and sends to the push imitation over https (its
// self-signed certificate trusted through NODE_EXTRA_CA_CERTS); the bench's admin subscribes a
// browser of the imitation, then 5 times places an order and confirms it, timing from just before
// the PATCH until the imitation has the push for that order, decrypted. See bench/README.md.
import webpush from "web-push";
import { selfSignedCertificate } from "@/imitations/push/certificate";
import { startPushImitation, type PushImitation } from "@/imitations/push/server";
import { placeOneOrder, type OrderLine, type Session } from "./orders";

export type PushResult = { runsMs: number[]; medianMs: number };

const RUNS = 5;
const GIVE_UP_MS = 15_000;

export type PushSetup = { service: PushImitation; serverEnv: Record<string, string> };

/** The push service, and the shop's settings that send to it. */
export async function pushSetup(): Promise<PushSetup> {
  const certificate = await selfSignedCertificate();
  const service = await startPushImitation({ tls: certificate });
  const keys = webpush.generateVAPIDKeys();
  return {
    service,
    serverEnv: {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "mailto:bench@example.com",
      NODE_EXTRA_CA_CERTS: certificate.certFile,
    },
  };
}

async function call(base: string, session: Session, method: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}

const tagOf = (push: { json: () => unknown }) => (push.json() as { tag?: string }).tag;

/** The median of 5: order confirmed (PATCH sent) → its push decrypted at the push service. */
export async function pushLatency(base: string, session: Session, lines: OrderLine[], service: PushImitation): Promise<PushResult> {
  const subscription = service.subscribe();
  await call(base, session, "POST", "/api/push/subscriptions", subscription);
  const runsMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const id = await placeOneOrder(base, session, lines);
    const started = performance.now();
    await call(base, session, "PATCH", `/api/orders/${id}`, { status: "confirmed" });
    while (!service.received.some((p) => p.endpoint === subscription.endpoint && tagOf(p) === `order-${id}`)) {
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no push for order ${id} within ${GIVE_UP_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    runsMs.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { runsMs, medianMs: sorted[Math.floor(sorted.length / 2)] };
}
