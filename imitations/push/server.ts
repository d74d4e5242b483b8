import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { browserKeys, decryptPush, type BrowserKeys } from "@/imitations/push/decrypt";

// A local stand-in for a browser's push service (FCM, Mozilla's autopush) for tests, the e2e
// run and the bench: it hands out subscriptions as a browser would (an endpoint here, a P-256
// key pair and an auth secret), takes what the shop POSTs to them (RFC 8030) and reads it as the
// phone would (RFC 8291). Plain http on 127.0.0.1 (the shop allows any endpoint outside
// production), or https with a certificate of the caller's (a production shop that trusts it
// through NODE_EXTRA_CA_CERTS). Another process drives it over HTTP: `POST /subscriptions`
// hands out a subscription, `GET /received` lists what came, decrypted.

export type ImitationSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type ReceivedPush = {
  endpoint: string;
  at: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The decrypted JSON, as the service worker's push event sees it. */
  json: () => unknown;
};

export type PushImitation = {
  url: string;
  /** A new browser's subscription, as `pushManager.subscribe()` would give it. */
  subscribe: () => ImitationSubscription;
  received: ReceivedPush[];
  /** From now on the service answers `status` for this endpoint (410: the browser unsubscribed). */
  answer: (endpoint: string, status: number) => void;
  close: () => Promise<void>;
};

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", reject);
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

export type PushImitationOptions = { port?: number; tls?: { key: string; cert: string } };

export async function startPushImitation(options: PushImitationOptions = {}): Promise<PushImitation> {
  const browsers = new Map<string, BrowserKeys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  let url = "";
  const subscribe = () => {
    const keys = browserKeys();
    const endpoint = `${url}/push/${randomUUID()}`;
    browsers.set(endpoint, keys);
    return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.authText } };
  };
  const listener: RequestListener = async (req, res) => {
    const body = await readAll(req);
    if (req.url === "/subscriptions" && req.method === "POST") return void res.end(JSON.stringify(subscribe()));
    if (req.url === "/received" && req.method === "GET")
      return void res.end(JSON.stringify(received.map((p) => ({ endpoint: p.endpoint, at: p.at, json: p.json() }))));
    const endpoint = `${url}${req.url ?? ""}`;
    const keys = browsers.get(endpoint);
    const status = answers.get(endpoint) ?? (keys ? 201 : 404);
    // A real service refuses what is not signed with VAPID and encrypted as aes128gcm.
    const signed = /^vapid t=.+, k=.+/.test(req.headers.authorization ?? "");
    const encrypted = req.headers["content-encoding"] === "aes128gcm";
    if (req.method === "POST" && status === 201 && keys && signed && encrypted) {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ endpoint, at: Date.now(), headers, body, json: () => JSON.parse(decryptPush(body, keys)) });
    }
    res.writeHead(signed && encrypted ? status : 400, { Location: `${endpoint}/${randomUUID()}` }).end();
  };
  const server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the push imitation has no port");
  url = `${options.tls ? "https" : "http"}://127.0.0.1:${address.port}`;
  return {
    url,
    received,
    subscribe,
    answer: (endpoint, status) => void answers.set(endpoint, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
