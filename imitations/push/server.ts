import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import { browserKeys, decryptPush, type BrowserKeys } from "@/imitations/push/decrypt";

// A local stand-in for a browser's push service (FCM, Mozilla's autopush) for tests, the e2e
// run and the bench: it hands out subscriptions as a browser would (an endpoint here, a P-256
// key pair and an auth secret), takes what the shop POSTs to them (RFC 8030) and reads it as the
// phone would (RFC 8291). Plain http on 127.0.0.1: the shop allows any endpoint outside production.

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

export async function startPushImitation(): Promise<PushImitation> {
  const browsers = new Map<string, BrowserKeys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  let url = "";
  const server = createServer(async (req, res) => {
    const body = await readAll(req);
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
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the push imitation has no port");
  url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    received,
    subscribe: () => {
      const keys = browserKeys();
      const endpoint = `${url}/push/${randomUUID()}`;
      browsers.set(endpoint, keys);
      return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.authText } };
    },
    answer: (endpoint, status) => void answers.set(endpoint, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
