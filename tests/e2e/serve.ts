// The e2e server: one shop per Playwright worker (tests/e2e/shops.ts), each the shop's real start
// script (`npm start`) on a fresh embedded PostgreSQL in a temporary data directory with its own
// mail capture server, and one local imitation of Razorpay for them all.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { startGatewayImitation } from "@/imitations/razorpay/server";
import { startPushImitation } from "@/imitations/push/server";
import { selfSignedCertificate } from "@/imitations/push/certificate";
import { startWhatsAppImitation, whatsappShopSettings } from "@/imitations/whatsapp/server";
import { startMailCapture, type MailCapture } from "@/tests/support/mail-capture";
import { tsxArgs } from "@/tests/support/tsx";
import { shopEnv } from "@/tests/support/shop-env";
import { ADMIN, CONTROL_PORT, GATEWAY_PORT, PUSH_PORT, SHOPS, WHATSAPP_PORT, shop } from "./shops";

const WEBHOOK_PATH = "/api/payments/razorpay/webhook";

// The shops take UPI and cards as in production with keys: Razorpay's REST API and Checkout, at
// the imitation, with the imitation's own test keys given to the running servers only (the build
// had none: its pages' CSP names the gateway from these settings at run time, proxy.ts). The
// imitation's signed webhooks go to the control server below, which hands each one to every
// shop: a shop answers an event about another shop's order as Razorpay's events about an
// unknown order (it records and ignores it).
const gateway = await startGatewayImitation({
  port: GATEWAY_PORT,
  webhookUrl: `http://127.0.0.1:${CONTROL_PORT}/webhook`,
});

// Web Push as in production with keys (product.md §14): the shops sign with VAPID keys of this
// run and send to a local push service over https, whose certificate they trust.
const certificate = await selfSignedCertificate();
const pushService = await startPushImitation({ port: PUSH_PORT, tls: certificate });
const vapid = webpush.generateVAPIDKeys();
const pushEnv = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: "mailto:orders@e2e.test",
  NODE_EXTRA_CA_CERTS: certificate.certFile,
};
// WhatsApp updates through the Cloud API, at its local imitation.
const whatsapp = await startWhatsAppImitation({ port: WHATSAPP_PORT });

type Running = { app: ChildProcess; mail: MailCapture; dataDir: string; url: string };

async function startShop(index: number): Promise<Running> {
  const { port, url, mailPort } = shop(index);
  const mail = await startMailCapture(mailPort);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `fresh-bowl-e2e-${index}-`));
  const env: NodeJS.ProcessEnv = {
    ...shopEnv({ port, dataDir, mail, resendKey: "re_e2e_key", gateway, admin: ADMIN }),
    // Each test sends its own X-Forwarded-For so per-IP limits do not spill between tests.
    TRUST_PROXY: "true",
    ...pushEnv,
    ...whatsappShopSettings(whatsapp),
  };
  delete env.DATABASE_URL;
  delete env.NEXTAUTH_SECRET;
  const app = spawn(process.execPath, tsxArgs(process.cwd(), "scripts/start.ts", "start"), { stdio: "inherit", env });
  app.on("exit", (code) => {
    if (!stopping) {
      console.error(`[e2e] shop ${index} exited (${code}): stopping every shop`);
      void shutdown(code ?? 1);
    }
  });
  const started = { app, mail, dataDir, url };
  running.push(started);
  return started;
}

/** Until `url` answers (the shop has migrated, seeded and started), or its process ends. */
async function answered(url: string, app: ChildProcess) {
  while (app.exitCode === null) {
    try {
      // The first request renders the page: on a busy machine that takes a while.
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    // The gateway signs the exact bytes: as UTF-8 text they go on unchanged.
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** POSTs one webhook to one shop; its status, or 502 when it did not answer. */
async function handOn(url: string, headers: Record<string, string>, body: string): Promise<number> {
  try {
    const reply = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    await reply.arrayBuffer();
    return reply.status;
  } catch {
    return 502;
  }
}

let stopping = false;
const running: Running[] = [];
// Whatever fails below stops what was started, rather than leaving shops behind.
process.on("uncaughtException", (error) => {
  console.error("[e2e]", error);
  void shutdown(1);
});

// GET /ready once every shop answers (playwright.config.ts waits for it); POST /webhook: the
// gateway's event to every shop, answered with the worst status any of them gave.
const control = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/ready") return void res.end("ready");
  if (req.method !== "POST" || req.url !== "/webhook") return void res.writeHead(404).end();
  void readBody(req).then(async (body) => {
    const headers = Object.fromEntries(
      ["content-type", "x-razorpay-signature", "x-razorpay-event-id", "user-agent"].flatMap((name) => {
        const value = req.headers[name];
        return typeof value === "string" ? [[name, value]] : [];
      }),
    );
    const statuses = await Promise.all(running.map((s) => handOn(`${s.url}${WEBHOOK_PATH}`, headers, body)));
    res.writeHead(Math.max(...statuses)).end();
  });
});

const shops = await Promise.all(Array.from({ length: SHOPS }, (_, i) => startShop(i)));
await Promise.all(shops.map((s) => answered(`${s.url}/login`, s.app)));
await new Promise<void>((resolve) => control.listen(CONTROL_PORT, "127.0.0.1", resolve));
console.log(`[e2e] ${SHOPS} shop${SHOPS === 1 ? "" : "s"} ready: ${shops.map((s) => s.url).join(", ")}`);

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    running.map(async ({ app }) => {
      if (app.exitCode !== null) return;
      app.kill("SIGTERM");
      await new Promise((r) => app.once("exit", r));
    }),
  );
  if (control.listening) control.close();
  await Promise.all([...running.map((s) => s.mail.close()), gateway.close(), pushService.close(), whatsapp.close()]);
  await Promise.all(running.map((s) => rm(s.dataDir, { recursive: true, force: true })));
  process.exit(code);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
