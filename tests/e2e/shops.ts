// Where the end-to-end shops listen. Each Playwright worker has a shop of its own (the same
// production build, started once per worker slot with its own embedded PostgreSQL and mail
// capture), so tests that change the shop's settings, hours, pause or menu never meet another
// worker's. The gateway imitation is one for all: the build's Content Security Policy names its
// origin, and its webhooks go to every shop, as Razorpay's go to each endpoint an account has.

/** The admin every shop is started with (tests/e2e/serve.ts). */
export const ADMIN = { email: "admin@e2e.test", password: "kitchen-admin-e2e-pass" };

/** How many shops, and so how many Playwright workers (E2E_WORKERS=1 runs everything in one). */
export const SHOPS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const FIRST_PORT = Number(process.env.E2E_PORT ?? 3123);

/** The local imitation of Razorpay (tests/e2e/serve.ts starts it). */
export const GATEWAY_PORT = FIRST_PORT + 2;

/** Says when every shop is up (GET /ready) and hands the gateway's webhooks on to each shop. */
export const CONTROL_PORT = FIRST_PORT + 3;

/** The local push service (imitations/push/, over https), one for all shops (tests/e2e/serve.ts starts it). */
export const PUSH_PORT = FIRST_PORT + 4;

/** The local imitation of WhatsApp's Graph API, one for all shops (tests/e2e/serve.ts starts it). */
export const WHATSAPP_PORT = FIRST_PORT + 5;

export type Shop = { port: number; url: string; mailPort: number; mailUrl: string };

/** The shop of the worker slot `index` (testInfo.parallelIndex). */
export function shop(index: number): Shop {
  const port = FIRST_PORT + 10 * index;
  const mailPort = port + 1;
  return { port, url: `http://localhost:${port}`, mailPort, mailUrl: `http://127.0.0.1:${mailPort}` };
}
