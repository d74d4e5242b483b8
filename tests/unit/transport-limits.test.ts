// The production server's transport rules (scripts/transport.mjs) over real sockets, wired as
// scripts/serve.mjs wires them, with a stand-in for Next that records what reached it.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES as ROUTE_LIMIT } from "@/lib/http";
import { HSTS_VALUE, hstsHeader } from "@/lib/security-headers";

type Transport = {
  MAX_BODY_BYTES: number;
  HSTS_VALUE: string;
  hstsFor: (appUrl: string | undefined) => string | undefined;
  isMalformedApiPath: (req: IncomingMessage) => boolean;
  refuseMalformedUrl: (res: ServerResponse) => void;
  limitBody: (req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage) => void) => void;
  onCheckContinue: (req: IncomingMessage, res: ServerResponse, handle: (req: IncomingMessage, res: ServerResponse) => void) => void;
};
const transport = (await import("@/scripts/transport.mjs")) as Transport;
const LIMIT = transport.MAX_BODY_BYTES;

type Reached = { method: string; url: string; headers: IncomingMessage["headers"]; body: Buffer };

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** The serve.mjs wiring around a stand-in for Next that reads the whole body and echoes its size. */
async function start() {
  const reached: Reached[] = [];
  function next(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      reached.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ bytes: body.length }));
    });
  }
  function onRequest(req: IncomingMessage, res: ServerResponse) {
    if (transport.isMalformedApiPath(req)) return transport.refuseMalformedUrl(res);
    transport.limitBody(req, res, (checked) => next(checked, res));
  }
  const server = createServer(onRequest);
  server.on("checkContinue", (req, res) => transport.onCheckContinue(req, res, onRequest));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, reached };
}

/**
 * Writes `head` (and then `body`, if any) on a raw socket and resolves with everything the
 * server sent until it closed the connection or `settleMs` passed after the first bytes.
 */
function raw(port: number, head: string, body?: () => AsyncIterable<Buffer>, settleMs = 300): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let timer: NodeJS.Timeout | undefined;
    const done = (error?: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, error });
    };
    socket.on("data", (d) => {
      text += d.toString("latin1");
      clearTimeout(timer);
      timer = setTimeout(() => done(), settleMs);
    });
    socket.on("end", () => done());
    socket.on("error", (e: NodeJS.ErrnoException) => done(e.code));
    socket.write(head);
    if (body) {
      void (async () => {
        try {
          for await (const chunk of body()) {
            if (socket.destroyed || text) break;
            await new Promise<void>((r) => socket.write(chunk, () => r()));
          }
        } catch {
          // The server closed the connection: the reply, if any, is in `text`.
        }
      })();
    }
  });
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
}

/** Sends a chunked body of `total` bytes, in 8 KiB chunks, over node:http's client. */
function chunked(port: number, path: string, total: number): Promise<{ status: number; json: unknown; error?: string }> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/json" } });
    req.on("response", (res) => {
      let data = "";
      res.on("data", (d) => (data += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) }));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ status: 0, json: null, error: e.code }));
    void (async () => {
      const chunk = Buffer.alloc(8192, 0x20);
      for (let sent = 0; sent < total && !req.destroyed; sent += chunk.length) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        if (!req.write(part)) await new Promise((r) => req.once("drain", r));
      }
      req.end();
    })();
  });
}

describe("body limit in front of Next", () => {
  it("is the route handlers' limit, 100 KB", () => {
    expect(LIMIT).toBe(100 * 1024);
    expect(LIMIT).toBe(ROUTE_LIMIT);
  });

  it("answers a declared Content-Length over the limit with 413 at once, before the body is sent, and Next never sees it", async () => {
    const { port, reached } = await start();
    for (const path of ["/api/login", "/api/auth/callback/credentials", "/menu"]) {
      const { text } = await raw(
        port,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      );
      expect(statusOf(text), path).toBe(413);
      expect(text).toMatch(/connection: close/i);
      expect(text.slice(text.indexOf("\r\n\r\n") + 4)).toBe(
        JSON.stringify({ error: "Request body is too large.", code: "payload_too_large" }),
      );
    }
    expect(reached).toEqual([]);
  });

  it("refuses `Expect: 100-continue` over the limit without asking for the body", async () => {
    const { port, reached } = await start();
    const { text } = await raw(
      port,
      `POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Length: ${LIMIT + 1}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(statusOf(text)).toBe(413);
    expect(text).not.toMatch(/100 Continue/);
    expect(reached).toEqual([]);
  });

  it("lets a client that keeps sending an oversized body read its 413 and see a clean close, not a broken pipe", async () => {
    const { port, reached } = await start();
    for (let i = 0; i < 5; i += 1) {
      const outcome = await new Promise<{ text: string; error?: string }>((resolve) => {
        const socket = connect(port, "127.0.0.1");
        let text = "";
        let error: string | undefined;
        socket.on("data", (d) => (text += d.toString("latin1")));
        socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code));
        socket.on("close", () => resolve({ text, error }));
        socket.write(`POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`);
        // Like curl uploading a file: writes on whatever the server says, until the socket closes.
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        void (async () => {
          for (let k = 0; k < 320 && !socket.destroyed; k += 1) {
            if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r));
          }
        })().catch(() => undefined);
      });
      expect(statusOf(outcome.text)).toBe(413);
      expect(outcome.error).toBeUndefined();
    }
    expect(reached).toEqual([]);
  });

  it("cuts a chunked body off at the limit with 413; Next never sees it", async () => {
    const { port, reached } = await start();
    const over = await chunked(port, "/api/auth/signin/google", LIMIT + 1);
    expect(over).toEqual({ status: 413, json: { error: "Request body is too large.", code: "payload_too_large" } });
    // A client that keeps sending far beyond the limit is cut off too, and still reads its 413.
    const endless = await raw(port, "POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", async function* () {
      for (let i = 0; i < 2000; i += 1) yield Buffer.from(`2000\r\n${"a".repeat(0x2000)}\r\n`);
    });
    expect(statusOf(endless.text)).toBe(413);
    expect(reached).toEqual([]);
  });

  it("hands a chunked body within the limit to Next whole, with its length declared", async () => {
    const { port, reached } = await start();
    const res = await chunked(port, "/api/login", LIMIT);
    expect(res).toEqual({ status: 200, json: { bytes: LIMIT } });
    expect(reached).toHaveLength(1);
    expect(reached[0].headers["content-length"]).toBe(String(LIMIT));
    expect(reached[0].headers["transfer-encoding"]).toBeUndefined();
    expect(reached[0].headers["content-type"]).toBe("application/json");
    expect(reached[0].body.equals(Buffer.alloc(LIMIT, 0x20))).toBe(true);
  });

  it("passes a body with a declared length within the limit through unread", async () => {
    const { port, reached } = await start();
    const body = JSON.stringify({ email: "a@b.co", password: "x".repeat(LIMIT - 40) });
    const { text } = await raw(
      port,
      `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(statusOf(text)).toBe(200);
    expect(reached[0].body.toString()).toBe(body);
  });
});

describe("malformed API paths", () => {
  it("get a JSON 400 before Next; pages are left to the proxy", async () => {
    const { port, reached } = await start();
    for (const path of ["/api/confirm/%ff", "/api/menu/%E0%A4%A"]) {
      const { text } = await raw(port, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(statusOf(text), path).toBe(400);
      expect(text.endsWith(JSON.stringify({ error: "Malformed URL.", code: "malformed_url" }))).toBe(true);
    }
    expect(reached).toEqual([]);
    const page = await raw(port, "GET /confirm/%ff HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(statusOf(page.text)).toBe(200);
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent only when APP_URL is https, by the server and by next.config.ts alike", () => {
    expect(transport.HSTS_VALUE).toBe(HSTS_VALUE);
    for (const url of ["https://shop.example", "HTTPS://shop.example/", " https://shop.example:8443"]) {
      expect(transport.hstsFor(url), url).toBe(HSTS_VALUE);
      expect(hstsHeader(url), url).toEqual([{ key: "Strict-Transport-Security", value: HSTS_VALUE }]);
    }
    for (const url of [undefined, "", "http://localhost:3000", "http://https.example"]) {
      expect(transport.hstsFor(url), url).toBeUndefined();
      expect(hstsHeader(url), url).toEqual([]);
    }
    expect(HSTS_VALUE).toMatch(/^max-age=(\d+)/);
    expect(Number(/^max-age=(\d+)/.exec(HSTS_VALUE)![1])).toBeGreaterThanOrEqual(31_536_000);
  });
});
