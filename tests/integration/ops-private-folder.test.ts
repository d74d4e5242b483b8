import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStartScript } from "@/tests/support/start-script";
import { freePort } from "@/lib/db/embedded";
import { RUNTIME_BASE } from "@/lib/db/pg-as-root";

// `npm run dev` as root in a folder only root can enter (product contract §1, issue 7): a copy of
// this checkout in a `mktemp -d` folder, node_modules hard-linked (a real folder inside the copy,
// as npm install makes it, without the minute of installing). The embedded database's user
// "postgres" can reach neither its binaries nor .data there. The same runs check that
// development listens on 127.0.0.1 and that /dev/outbox answers this machine only.

const asRoot = process.platform === "linux" && process.getuid?.() === 0;
const repo = process.cwd();
const SKIP = new Set(["node_modules", ".git", ".data", "test-results", "playwright-report", "coverage"]);

/** This machine's first address other than loopback, as another machine on the network would reach it. */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
}

function refused(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

describe.runIf(asRoot)("npm run dev as root in a folder only root can enter", () => {
  let privateDir: string;
  let shop: string;
  const homes = new Set<string>();

  beforeAll(async () => {
    privateDir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-private-"));
    expect((await stat(privateDir)).mode & 0o777).toBe(0o700);
    shop = path.join(privateDir, "shop");
    const entries = await readdir(repo);
    for (const entry of entries.filter((e) => !SKIP.has(e) && !e.startsWith(".next"))) {
      await cp(path.join(repo, entry), path.join(shop, entry), { recursive: true, verbatimSymlinks: true });
    }
    const linked = spawnSync("cp", ["-al", path.join(repo, "node_modules"), path.join(shop, "node_modules")]);
    expect(linked.status, String(linked.stderr)).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await rm(privateDir, { recursive: true, force: true });
    for (const home of homes) await rm(home, { recursive: true, force: true });
  });

  async function dev(env: Record<string, string>) {
    const port = await freePort();
    const run = runStartScript("dev", shop, { PORT: String(port), HOME: privateDir, ...env });
    const output = await run.waitFor(/ready on /, 180_000);
    const home = output.match(new RegExp(`data in (${RUNTIME_BASE}/[^/\\s]+)/pg`))?.[1];
    if (home) homes.add(home);
    return { run, port, home, output };
  }

  const outbox = (host: string, port: number, headers: Record<string, string> = {}) =>
    fetch(`http://${host}:${port}/dev/outbox`, { headers, redirect: "manual" }).then((r) => r.status);

  it("starts, on 127.0.0.1 only, with the database where its user can reach it and .data private", async () => {
    const { run, port, home } = await dev({});
    try {
      expect(home, run.output()).toBeDefined();
      expect(existsSync(path.join(home!, "pg", "PG_VERSION"))).toBe(true);
      expect((await stat(path.join(shop, ".data"))).mode & 0o077).toBe(0);
      expect(await outbox("127.0.0.1", port)).toBe(200);
      const outside = outsideAddress();
      if (outside) expect(await refused(outside, port)).toBe(true);
    } finally {
      expect(await run.stop()).toBe(0);
    }
    // A clean stop leaves no server behind.
    expect(existsSync(path.join(home!, "pg", "postmaster.pid"))).toBe(false);
  }, 300_000);

  it.runIf(outsideAddress())(
    "with HOST=0.0.0.0 the dev outbox still answers only this machine",
    async () => {
      const { run, port } = await dev({ HOST: "0.0.0.0" });
      try {
        const outside = outsideAddress()!;
        expect(await outbox("127.0.0.1", port)).toBe(200);
        // Another machine asking by this one's address: development answers only its own host
        // names (421, lib/dev-hosts.ts), so a rebinding page gets no further either.
        expect(await outbox(outside, port)).toBe(421);
        // The peer header is the server's to write; a client's own copy changes nothing.
        expect(await outbox(outside, port, { "x-fresh-bowl-peer": "127.0.0.1" })).toBe(421);
        // Relayed by a proxy or tunnel on this machine: from elsewhere.
        expect(await outbox("127.0.0.1", port, { "x-forwarded-for": "203.0.113.9" })).toBe(404);
      } finally {
        expect(await run.stop()).toBe(0);
      }
    },
    300_000,
  );
});
