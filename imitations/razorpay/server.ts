import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { rzId, type RzOrder, type RzPayment, type RzRefund } from "@/imitations/razorpay/entities";
import { Ledger, type PayOptions, type RefundBehaviour } from "@/imitations/razorpay/ledger";
import { route, type Reply } from "@/imitations/razorpay/routes";
import { WebhookSender, type Delivery, type SentEvent } from "@/imitations/razorpay/webhooks";
import { checkoutSignature } from "@/imitations/razorpay/signatures";

// A local stand-in for Razorpay (product.md §10): its API subset, its Checkout and its signed
// webhooks on one node:http server, so tests and `npm run dev` take payments with no network
// and no account. The shop reaches it exactly as it reaches Razorpay: RAZORPAY_API_URL = `url`,
// RAZORPAY_CHECKOUT_URL = `checkoutUrl`, the keys from `credentials`.

/** What the shop is configured with to reach this imitation (its RAZORPAY_* settings). */
type ImitationCredentials = { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string };

export type GatewayImitationOptions = {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Where events are POSTed; unset: they are only recorded (set it later with `webhooks.url`). */
  webhookUrl?: string;
  /** What Pay does to a new payment: captured at once (Razorpay's auto-capture) or left authorized. */
  capture?: "automatic" | "manual";
};

type ImitationCall = { method: string; path: string; status: number };

export type GatewayImitation = {
  url: string;
  checkoutUrl: string;
  credentials: ImitationCredentials;
  /** Every request, oldest first (Checkout's script and frame included). */
  calls: ImitationCall[];
  orders: () => RzOrder[];
  payments: () => RzPayment[];
  refunds: () => RzRefund[];
  /** Pays (or fails) an order as Checkout's buttons do; returns the payment and the signature Checkout would hand the page. */
  pay: (orderId: string, options?: PayOptions) => { payment: RzPayment; signature: string };
  /** The gateway's record of a payment says another amount from now on (an attacker's or a bug's doing). */
  setPaymentAmount: (paymentId: string, amountPaise: number) => void;
  /** How the next refunds go until changed: "processed" (default), "pending", "failed", "refused" (502) or "rejected" (400). */
  setRefundBehaviour: (behaviour: RefundBehaviour) => void;
  /** Ends a pending refund. */
  settleRefund: (refundId: string, outcome: "processed" | "failed") => void;
  webhooks: {
    /** Where events go; settable after start. */
    url: string | undefined;
    events: SentEvent[];
    deliveries: Delivery[];
    hold: () => void;
    release: (order?: (events: SentEvent[]) => SentEvent[]) => Promise<void>;
    deliver: (eventId: string) => Promise<void>;
    settled: () => Promise<void>;
  };
  close: () => Promise<void>;
};

const MAX_BODY = 64 * 1024;
const TYPES: Record<Reply["type"], string> = {
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
};

function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("error", reject);
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (size > MAX_BODY) return resolve(null);
      if (!text) return resolve({});
      // The shop sends JSON; curl and Razorpay's own docs use form fields, which stay flat here.
      if ((req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded"))
        return resolve(Object.fromEntries(new URLSearchParams(text)));
      try {
        const parsed: unknown = JSON.parse(text);
        resolve(parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null);
      } catch {
        resolve(null);
      }
    });
  });
}

export async function startGatewayImitation(options: GatewayImitationOptions = {}): Promise<GatewayImitation> {
  const keyId = options.keyId ?? "rzp_test_imitation";
  const keySecret = options.keySecret ?? `imitation_secret_${rzId("acc")}`;
  const webhookSecret = options.webhookSecret ?? `imitation_webhook_${rzId("acc")}`;
  const calls: ImitationCall[] = [];
  const sender = new WebhookSender(webhookSecret, rzId("acc"), options.webhookUrl);
  const ledger = new Ledger(sender.publish, options.capture ?? "automatic");
  let origin = "";

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    const body = await readBody(req);
    const reply: Reply =
      body === null
        ? {
            status: 400,
            type: "json",
            body: JSON.stringify({ error: { code: "BAD_REQUEST_ERROR", description: "The request body is not valid JSON", field: null } }),
          }
        : route({ method: req.method ?? "GET", url, headers: req.headers, body }, { ledger, keyId, keySecret, origin });
    calls.push({ method: req.method ?? "GET", path: url.pathname, status: reply.status });
    res.writeHead(reply.status, { "content-type": TYPES[reply.type], "cache-control": "no-store" });
    res.end(reply.body);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("[gateway imitation]", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": TYPES.json });
      res.end(JSON.stringify({ error: { code: "SERVER_ERROR", description: "The imitation failed", field: null } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  origin = `http://${options.host ?? "127.0.0.1"}:${port}`;

  return {
    url: origin,
    checkoutUrl: `${origin}/v1/checkout.js`,
    credentials: { keyId, keySecret, webhookSecret, apiUrl: origin },
    calls,
    orders: () => [...ledger.orders.keys()].map((id) => ledger.publicOrder(id)),
    payments: () => [...ledger.payments.values()].map((p) => structuredClone(p)),
    refunds: () => [...ledger.refunds.values()].map((r) => structuredClone(r)),
    pay: (orderId, payOptions) => {
      const payment = structuredClone(ledger.pay(orderId, payOptions));
      return { payment, signature: checkoutSignature(keySecret, orderId, payment.id) };
    },
    setPaymentAmount: (paymentId, amountPaise) => void (ledger.payment(paymentId).amount = amountPaise),
    setRefundBehaviour: (behaviour) => void (ledger.refundBehaviour = behaviour),
    settleRefund: (refundId, outcome) => ledger.settleRefund(refundId, outcome),
    webhooks: {
      get url() {
        return sender.url;
      },
      set url(value) {
        sender.url = value;
      },
      events: sender.events,
      deliveries: sender.deliveries,
      hold: () => sender.hold(),
      release: (order) => sender.release(order),
      deliver: (eventId) => sender.deliver(eventId),
      settled: () => sender.settled(),
    },
    close: async () => {
      await sender.settled();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Clients keep connections alive; close() alone would wait for them to time out.
      server.closeAllConnections();
      await closed;
    },
  };
}
