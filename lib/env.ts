import "server-only";
import { z } from "zod";

// Every environment variable the app reads, parsed once. Values are read lazily so that
// `next build` works without a database or secrets.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  // The address the shop's server listens on (server/main.ts); unset: every interface.
  HOST: z.string().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(1).optional(),
  NEXTAUTH_SECRET: z.string().min(1).optional(),
  APP_URL: z.url().optional(),
  NEXTAUTH_URL: z.url().optional(),
  RESEND_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).default("Fresh Bowl <orders@freshbowl.local>"),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  // JOB_WORKER=off (or 0, false): the server keeps no job worker running; the jobs (mail, refunds,
  // payment events, expiry) run right after the reply that queued them, from GET /api/cron/jobs,
  // and in any `npm run worker` processes (lib/jobs/after-reply.ts). MAIL_WORKER is its former
  // name. Implied on Vercel, whose functions cannot keep a worker running between requests.
  JOB_WORKER: z.string().optional(),
  MAIL_WORKER: z.string().optional(),
  // Set by Vercel in its builds and functions ("1").
  VERCEL: z.string().optional(),
  // The bearer GET /api/cron/jobs asks for (Vercel Cron sends it); unset, that route refuses everyone.
  CRON_SECRET: z.string().min(16).optional(),
  // LIVE_UPDATES=poll: a host where a function cannot hold a stream or a listening connection.
  LIVE_UPDATES: z.string().optional(),

  // Live streams one instance holds at most (lib/realtime/stream.ts): beyond it GET /api/events
  // answers 503 with Retry-After and the pages poll.
  EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(1000),

  // "1" when the shop's own server sets the peer-address header on every request (lib/client-ip.ts).
  FRESH_BOWL_PEER_HEADER: z.string().optional(),
  // Set by Next: `next build` loads instrumentation while prerendering, with no database.
  NEXT_PHASE: z.string().optional(),
  DELIVERY_FEE: z.coerce.number().int().min(0).max(10_000).default(40),
  // How many proxies in front append to X-Forwarded-For (lib/client-ip.ts): unset or false = none,
  // true = one (same as 1), N = N. Anything else is an invalid environment rather than a guess,
  // since a wrong guess either trusts a client-written address or shares one bucket among all.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? "false").trim().toLowerCase();
      if (s === "false") return 0;
      if (s === "true") return 1;
      if (/^\d{1,2}$/.test(s)) return Number(s);
      ctx.addIssue({ code: "custom", message: "expected true, false or the number of proxies in front (e.g. 1)" });
      return z.NEVER;
    }),

  // ---- Order limits (product.md §5) --------------------------------------------------------
  // Orders a customer may place per 10 minutes, orders one address may place per 10 minutes,
  // and open orders (not yet in the kitchen's hands) a customer may hold at once. Admins, who
  // enter phone orders, are never limited.
  ORDER_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  ORDER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  OPEN_ORDERS_PER_CUSTOMER: z.coerce.number().int().min(1).max(1_000_000).default(3),
  // ---- end of order limits -----------------------------------------------------------------

  // ---- Online payments (product.md §10, lib/payments/) ---------------------------------------
  // All three keys or none: a shop with API keys but no webhook secret would take money it can
  // only learn about from the browser, so a partial set is refused below rather than half used.
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Tests and `npm run dev` point these at the local imitation (imitations/razorpay/).
  RAZORPAY_API_URL: z.url().default("https://api.razorpay.com"),
  RAZORPAY_CHECKOUT_URL: z.url().default("https://checkout.razorpay.com/v1/checkout.js"),
  // The largest order total (rupees) paid online (lib/payments/online-limits.ts): a stolen card or
  // a mistyped quantity is capped; larger orders are taken as Cash on Delivery or by phone.
  ONLINE_ORDER_MAX: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  // Orders awaiting online payment that one client address may hold at once (each holds a slot for
  // up to 15 minutes at no cost): lib/payments/unpaid-holds.ts.
  UNPAID_ORDERS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(3),
  // Payment proofs (POST /api/orders/{id}/payment) one account may send per 15 minutes.
  PAYMENT_PROOFS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  // ---- end of online payments ----------------------------------------------------------------

  // ---- Order updates on the phone (product.md §14, lib/notifications/) ---------------------
  // Web Push's VAPID keys, all three or none; unset, `npm run dev` makes a pair once and keeps it
  // under .data/ (scripts/vapid-keys.ts), and production sends no push.
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).optional(),
  // WhatsApp's Cloud API: off unless the token, the sending number's id and the app secret (which
  // signs its webhooks, so a STOP is heard) are all set. Tests point the URL at imitations/whatsapp/.
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_TEMPLATE: z.string().min(1).default("order_update"),
  WHATSAPP_API_URL: z.url().default("https://graph.facebook.com/v21.0"),
});

export type Env = z.infer<typeof schema> & {
  authSecret: string | undefined;
  appUrl: string;
  isProduction: boolean;
  googleEnabled: boolean;
  facebookEnabled: boolean;
  jobWorkerOff: boolean;
  liveStreams: boolean;
  isBuildPhase: boolean;
  peerHeader: boolean;
  whatsappEnabled: boolean;
};

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  // Empty strings (e.g. `RESEND_API_KEY=` in a .env file) mean "unset".
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${fields}`);
  }
  const e = parsed.data;
  const razorpayKeys = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET, e.RAZORPAY_WEBHOOK_SECRET].filter(Boolean).length;
  if (razorpayKeys !== 0 && razorpayKeys !== 3) {
    // Names only: the values are secrets and this message reaches the log.
    throw new Error("Invalid environment: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together, or none of them");
  }
  const vapidKeys = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT].filter(Boolean).length;
  if (vapidKeys !== 0 && vapidKeys !== 3) {
    throw new Error("Invalid environment: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together, or none of them");
  }
  cached = {
    ...e,
    authSecret: e.AUTH_SECRET ?? e.NEXTAUTH_SECRET,
    appUrl: (e.APP_URL ?? e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    isProduction: e.NODE_ENV === "production",
    googleEnabled: Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET),
    facebookEnabled: Boolean(e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET),
    jobWorkerOff: ["off", "0", "false"].includes((e.JOB_WORKER ?? e.MAIL_WORKER ?? "").trim().toLowerCase()) || e.VERCEL === "1",
    liveStreams: e.LIVE_UPDATES?.trim().toLowerCase() !== "poll",
    isBuildPhase: e.NEXT_PHASE === "phase-production-build",
    peerHeader: e.FRESH_BOWL_PEER_HEADER === "1",
    whatsappEnabled: Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_APP_SECRET),
  };
  return cached;
}

/**
 * next-auth builds its redirects and the callback URL it gives Google and Facebook from
 * NEXTAUTH_URL alone, or, where that is unset on a host it trusts (Vercel), from the request's
 * X-Forwarded-Host: so it is told APP_URL, once, when the server starts (instrumentation.ts).
 */
export function pointNextAuthAtAppUrl() {
  process.env.NEXTAUTH_URL = env().appUrl;
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined;
}

/** libuv's thread pool size: Node reads it itself at start, so it is no setting of the shop's. */
export function libuvThreadPoolSize(): number {
  return Number(process.env.UV_THREADPOOL_SIZE) || 4;
}

/** The environment a child program (initdb, postgres) inherits, with `overrides` on top. */
export function childEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
