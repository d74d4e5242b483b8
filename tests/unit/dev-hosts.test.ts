// DNS rebinding against `npm run dev` (product.md §5): a page whose own name resolves to
// 127.0.0.1 reaches the development server with its own name in `Host`. Development answers only
// the loopback names, HOST and APP_URL's host (lib/dev-hosts.ts), over real sockets through the
// shop's server (server/front.ts) as server/main.ts sets it up.
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { devHostCheck, isDevHost } from "@/lib/dev-hosts";
import { createFrontServer } from "@/server/front";

const OWN = { host: "127.0.0.1", appUrl: "http://localhost:3000" };

describe("the host names development answers", () => {
  it("are the loopback names, with any port", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "LOCALHOST:3000",
      "127.0.0.1:3000",
      "127.8.9.10",
      "[::1]:3000",
      "[::1]",
      "[::ffff:7f00:1]:3000",
    ]) {
      expect(isDevHost(host, OWN), host).toBe(true);
    }
  });

  it("are HOST and APP_URL's host, however an IP literal is written", () => {
    expect(isDevHost("shop.test:3000", { host: "shop.test", appUrl: OWN.appUrl })).toBe(true);
    expect(isDevHost("192.168.1.20:3000", { host: "192.168.1.20", appUrl: OWN.appUrl })).toBe(true);
    expect(isDevHost("[fe80::1]:3000", { host: "FE80:0::1", appUrl: OWN.appUrl })).toBe(true);
    expect(isDevHost("[2001:db8::7]:3000", { host: "[2001:db8::7]", appUrl: OWN.appUrl })).toBe(true);
    expect(isDevHost("kitchen.example:8443", { appUrl: "https://kitchen.example" })).toBe(true);
  });

  it("are nothing else: another site's name, a look-alike, a malformed or missing Host", () => {
    for (const host of [
      "evil.example:3000",
      "evil.example",
      "localhost.evil.example",
      "127.0.0.1.nip.io:3000",
      "localhost.",
      "127.1",
      "0x7f.0.0.1",
      "[::2]:3000",
      "192.168.1.20:3000",
      "localhost:3000:3000",
      "local host",
      "",
      "   ",
      `${"a".repeat(400)}.example`,
      null,
      undefined,
    ]) {
      expect(isDevHost(host, OWN), String(host)).toBe(false);
    }
  });

  it("are checked in development only", () => {
    expect(devHostCheck({ isProduction: true, appUrl: "https://shop.example" })).toBeUndefined();
    const check = devHostCheck({ isProduction: false, HOST: "127.0.0.1", appUrl: OWN.appUrl })!;
    expect(check("localhost:3000")).toBe(true);
    expect(check("evil.example:3000")).toBe(false);
  });
});

describe("the development server", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  async function start() {
    const reached: string[] = [];
    const server = createFrontServer(
      (req, res) => {
        reached.push(req.headers.host ?? "");
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<h1>Dev outbox</h1>");
      },
      { servesHost: devHostCheck({ isProduction: false, HOST: OWN.host, appUrl: OWN.appUrl }) },
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { port: (server.address() as AddressInfo).port, reached };
  }

  /** A request to this machine naming `host`, as a browser sends it after the name was rebound. */
  function get(port: number, path: string, host: string, method = "GET", body?: string) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, method, headers: { host, origin: `http://${host}` } }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  it("answers a rebound name with 421 before Next sees the request, pages and the API alike", async () => {
    const { port, reached } = await start();
    for (const [method, path] of [
      ["GET", "/dev/outbox"],
      ["POST", "/api/orders"],
    ]) {
      const res = await get(port, path, `evil.example:${port}`, method, method === "POST" ? "{}" : undefined);
      expect(res.status, path).toBe(421);
      expect(JSON.parse(res.body)).toEqual({ error: expect.stringContaining("localhost"), code: "misdirected" });
    }
    expect(reached).toEqual([]);
  });

  it("answers its own names as usual", async () => {
    const { port, reached } = await start();
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await get(port, "/dev/outbox", host)).status, host).toBe(200);
    }
    expect(reached).toHaveLength(3);
  });
});
