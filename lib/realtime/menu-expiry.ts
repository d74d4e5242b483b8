import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { PEER_ENV } from "@/lib/client-ip";

// Another instance changed the menu: this one must drop its cached menu too (Next's data and
// page caches). Next's revalidateTag works only inside a
// request (it is carried out when the request ends), and the listener runs outside any. So the
// listener asks its own server, over loopback, to run the same expiry an admin's write runs
// (app/api/events/menu-expired). The request carries a key that exists only in this process's
// memory: nobody else can make an instance drop its caches.

const HEADER = "x-fresh-bowl-instance-key";
const ATTEMPTS = 3;

const globalForKey = globalThis as unknown as { freshBowlInstanceKey?: string };

function instanceKey(): string {
  globalForKey.freshBowlInstanceKey ??= randomBytes(32).toString("hex");
  return globalForKey.freshBowlInstanceKey;
}

/** Whether a request carries this process's key. */
export function fromThisInstance(req: Request): boolean {
  const given = Buffer.from(req.headers.get(HEADER) ?? "");
  const key = Buffer.from(instanceKey());
  return given.length === key.length && timingSafeEqual(given, key);
}

/** This server's own address, as server/main.ts listens (PORT, HOST). */
function ownUrl(): string {
  const port = process.env.PORT || "3000";
  const host = process.env.HOST;
  // A wildcard address listens on loopback too.
  const reachable = !host || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}/api/events/menu-expired`;
}

/** Drops this instance's cached menu by asking its own server; a few tries, then a warning. */
export async function expireMenuInThisInstance(): Promise<void> {
  // Only behind the shop's own server (it sets this): elsewhere (tests, scripts) there is no
  // server to ask, and no cached pages either.
  if (process.env[PEER_ENV] !== "1") return;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(ownUrl(), { method: "POST", headers: { [HEADER]: instanceKey() }, signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.ok) return;
      throw new Error(`answered ${res.status}`);
    } catch (error) {
      if (attempt >= ATTEMPTS) {
        console.warn(`[live] could not expire this instance's cached menu: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}
