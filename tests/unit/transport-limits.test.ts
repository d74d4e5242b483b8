// The shop's server (server/front.ts) over real sockets, around stand-ins that read a request's
// body each way Next does: iterating it (route handlers), listening for 'data' (the proxy's copy
// of a body), and as a web stream. Each stand-in starts reading a moment late, as Next does after
// its routing. The same rules against the real Next server: tests/e2e/transport.spec.ts.
import { request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { PEER_HEADER } from "@/lib/client-ip";
import { RELAYED_HEADER } from "@/lib/email/outbox";
import { MAX_BODY_BYTES as LIMIT } from "@/lib/limits";
import { strictTransportSecurity } from "@/lib/security-headers";
import { createFrontServer, isMalformedApiPath, type FrontOptions } from "@/server/front";

const TOO_LARGE = { error: "Request body is too large.", code: "payload_too_large" };

type Reading = "iterate" | "data" | "web" | "never";
type Reached = { url: string; headers: IncomingMessage["headers"]; bytes: number; error?: string };

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function bodyLength(req: IncomingMessage, reading: Reading): Promise<number> {
  let bytes = 0;
  if (reading === "iterate") {
    for await (const chunk of req) bytes += (chunk as Buffer).length;
  } else if (reading === "web") {
    const reader = (Readable.toWeb(req) as ReadableStream<Uint8Array>).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
  } else if (reading === "data") {
    await new Promise<void>((resolve, reject) => {
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", resolve);
      req.on("error", reject);
      req.on("close", () => (req.complete ? resolve() : reject(new Error("aborted"))));
    });
  }
  return bytes;
}

/** The server around a stand-in for Next that reads the body as `reading` says and answers its size. */
async function start(reading: Reading = "iterate", options: FrontOptions = {}) {
  const reached: Reached[] = [];
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const seen: Reached = { url: req.url ?? "", headers: { ...req.headers }, bytes: 0 };
    reached.push(seen);
    await new Promise((r) => setTimeout(r, 20));
    try {
      seen.bytes = await bodyLength(req, reading);
    } catch (error) {
      seen.error = error instanceof Error ? error.message : String(error);
    }
    if (res.headersSent) return;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ bytes: seen.bytes }));
  }
  const server = createFrontServer((req, res) => void handle(req, res), { lingerMs: 500, ...options });
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

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const bodyOf = (text: string) => text.slice(text.indexOf("\r\n\r\n") + 4);

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

describe("the body limit", () => {
  it("is 100 KB", () => {
    expect(LIMIT).toBe(100 * 1024);
  });

  it("answers a declared Content-Length over the limit with 413 at once, before the body is sent, and Next never sees it", async () => {
    const { port, reached } = await start();
    for (const path of ["/api/login", "/api/auth/callback/credentials", "/menu"]) {
      const { text } = await raw(
        port,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      );
      expect(statusOf(text), path).toBe(413);
      expect(bodyOf(text)).toBe(JSON.stringify(TOO_LARGE));
    }
    expect(reached).toEqual([]);
  });

  it("refuses `Expect: 100-continue` over the limit without asking for the body, and asks for one within it", async () => {
    const { port, reached } = await start();
    const over = await raw(port, `POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Length: ${LIMIT + 1}\r\nExpect: 100-continue\r\n\r\n`);
    expect(statusOf(over.text)).toBe(413);
    expect(over.text).not.toMatch(/100 Continue/);
    expect(reached).toEqual([]);
    const within = await raw(
      port,
      `POST /api/register HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n`,
      async function* () {
        await new Promise((r) => setTimeout(r, 50));
        yield Buffer.from("{}");
      },
    );
    expect(within.text).toMatch(/^HTTP\/1\.1 100 Continue/);
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

  for (const reading of ["iterate", "data", "web"] as const) {
    it(`cuts a chunked body off at the limit with 413 (Next reading it: ${reading})`, async () => {
      const { port, reached } = await start(reading);
      const over = await chunked(port, "/api/auth/signin/google", LIMIT + 1);
      expect(over).toEqual({ status: 413, json: TOO_LARGE });
      // A client that keeps sending far beyond the limit is cut off too, and still reads its 413.
      const endless = await raw(port, "POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", async function* () {
        for (let i = 0; i < 2000; i += 1) yield Buffer.from(`2000\r\n${"a".repeat(0x2000)}\r\n`);
      });
      expect(statusOf(endless.text)).toBe(413);
      expect(bodyOf(endless.text)).toBe(JSON.stringify(TOO_LARGE));
      // Next never got a whole body over the limit: its read failed or stopped.
      await new Promise((r) => setTimeout(r, 700));
      for (const seen of reached) expect(seen.error !== undefined || seen.bytes <= LIMIT + 64 * 1024, JSON.stringify(seen)).toBe(true);
    });

    it(`hands a chunked body within the limit to Next whole (Next reading it: ${reading})`, async () => {
      const { port, reached } = await start(reading);
      expect(await chunked(port, "/api/login", LIMIT)).toEqual({ status: 200, json: { bytes: LIMIT } });
      expect(reached[0].headers["content-type"]).toBe("application/json");
    });
  }

  it("passes a body with a declared length within the limit through", async () => {
    const { port, reached } = await start();
    const body = JSON.stringify({ email: "a@b.co", password: "x".repeat(LIMIT - 40) });
    const { text } = await raw(
      port,
      `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    expect(statusOf(text)).toBe(200);
    expect(reached[0].bytes).toBe(Buffer.byteLength(body));
  });

  it("cuts off a chunked body nobody reads once the reply is sent, after the limit", async () => {
    const { port } = await start("never");
    const started = Date.now();
    const outcome = await new Promise<{ text: string; sent: number }>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let text = "";
      let sent = 0;
      socket.on("data", (d) => (text += d.toString("latin1")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve({ text, sent }));
      socket.write("POST /api/logout HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
      const chunk = Buffer.from(`2000\r\n${"a".repeat(0x2000)}\r\n`);
      void (async () => {
        // Far more than the limit, on and on, whatever the server answers.
        for (let k = 0; k < 200_000 && !socket.destroyed; k += 1) {
          sent += chunk.length;
          if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r));
        }
      })().catch(() => undefined);
    });
    expect(statusOf(outcome.text)).toBe(200);
    // Closed by the server long before the client was done.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(outcome.sent).toBeLessThan(200_000 * 0x2000);
  });
});

describe("malformed API paths", () => {
  it("get a JSON 400 before Next; pages are left to Next", async () => {
    const { port, reached } = await start();
    for (const path of ["/api/confirm/%ff", "/api/menu/%E0%A4%A"]) {
      const { text } = await raw(port, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(statusOf(text), path).toBe(400);
      expect(bodyOf(text)).toBe(JSON.stringify({ error: "Malformed URL.", code: "malformed_url" }));
    }
    expect(reached).toEqual([]);
    const page = await raw(port, "GET /confirm/%ff HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(statusOf(page.text)).toBe(200);
    expect(isMalformedApiPath("/api/menu?q=%ff")).toBe(false);
    expect(isMalformedApiPath(`/api/${"%e0%a4%a4".repeat(1000)}`)).toBe(false);
  });
});

describe("the User-Agent", () => {
  it("is refused with 431 past 1 KB, which no real client sends; up to it, it reaches Next", async () => {
    const { port, reached } = await start();
    const long = await raw(port, `GET /menu HTTP/1.1\r\nHost: x\r\nUser-Agent: ${"a".repeat(1025)}\r\n\r\n`);
    expect(statusOf(long.text)).toBe(431);
    expect(JSON.parse(bodyOf(long.text))).toEqual({ error: expect.any(String), code: "header_too_large" });
    expect(reached).toEqual([]);
    const usual = await raw(port, `GET /menu HTTP/1.1\r\nHost: x\r\nUser-Agent: ${"a".repeat(1024)}\r\n\r\n`);
    expect(statusOf(usual.text)).toBe(200);
  });
});

describe("the socket's address", () => {
  it("is written over whatever the client sent, with whether a proxy relayed the request", async () => {
    const { port, reached } = await start();
    await raw(
      port,
      `GET /dev/outbox HTTP/1.1\r\nHost: x\r\n${PEER_HEADER}: 203.0.113.7\r\n${RELAYED_HEADER}: 0\r\nForwarded: for=1.2.3.4\r\n\r\n`,
    );
    await raw(port, `GET /dev/outbox HTTP/1.1\r\nHost: x\r\n${RELAYED_HEADER}: 1\r\n\r\n`);
    expect(reached.map((r) => [r.headers[PEER_HEADER], r.headers[RELAYED_HEADER]])).toEqual([
      ["127.0.0.1", "1"],
      ["127.0.0.1", "0"],
    ]);
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent only when APP_URL is https", () => {
    for (const url of ["https://shop.example", "HTTPS://shop.example/", " https://shop.example:8443"]) {
      expect(strictTransportSecurity(url), url).toMatch(/^max-age=(\d+); includeSubDomains$/);
      expect(Number(/^max-age=(\d+)/.exec(strictTransportSecurity(url)!)![1])).toBeGreaterThanOrEqual(31_536_000);
    }
    for (const url of ["", "http://localhost:3000", "http://https.example"]) expect(strictTransportSecurity(url), url).toBeUndefined();
  });

  it("is on every reply of the server, refusals included", async () => {
    const hsts = strictTransportSecurity("https://shop.example")!;
    const { port } = await start("iterate", { hsts });
    for (const head of [
      "GET /menu HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /api/confirm/%ff HTTP/1.1\r\nHost: x\r\n\r\n",
      `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: ${LIMIT + 1}\r\n\r\n`,
    ]) {
      const { text } = await raw(port, head);
      expect(text.toLowerCase()).toContain(`strict-transport-security: ${hsts.toLowerCase()}`);
    }
  });
});
