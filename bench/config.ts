// The bench's knobs (environment variables) and the fixed conditions of issue 21's table.
import { existsSync } from "node:fs";
import path from "node:path";

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

export const config = {
  /** Seconds of measured load per target (each page, each static baseline, orders, plain pg). */
  seconds: positiveNumber("BENCH_SECONDS", 10),
  /** Seconds of unmeasured load per target before the measured runs start (JIT, caches, pools). */
  warmupSeconds: positiveNumber("BENCH_WARMUP_SECONDS", 3),
  /** The condition: 10 concurrent connections for the HTTP load and for the plain-pg loops. */
  connections: 10,
  /** `npm run bench:profile-orders`: profiled seconds of order load. */
  profileSeconds: positiveNumber("BENCH_PROFILE_SECONDS", 10),
  /** BENCH_LIGHTHOUSE=0 skips Lighthouse (saves ~1½ minutes). */
  lighthouse: process.env.BENCH_LIGHTHOUSE !== "0",
  /** BENCH_KITCHEN=0 skips the kitchen display's row (saves ~20 s). */
  kitchen: process.env.BENCH_KITCHEN !== "0",
  /** BENCH_PUSH=0 skips the push row (issue 35, ~10 s). */
  push: process.env.BENCH_PUSH !== "0",
  /** BENCH_SCALE=0 skips the scale row, a million orders on a stack of its own (saves ~3 minutes). */
  scale: process.env.BENCH_SCALE !== "0",
  /** A fixed port for the shop; by default a free one is picked. */
  port: process.env.BENCH_PORT ? positiveNumber("BENCH_PORT", 0) : undefined,
};

/** The admin the start script creates from ADMIN_EMAIL/ADMIN_PASSWORD; the bench signs in as it. */
export const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password-2026" } as const;

/** Every request carries this header, as a browser's would, so pages and files go out gzipped. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip" } as const;

/** The build directory the start script serves (next.config.ts honours NEXT_DIST_DIR). */
export function distDir(): string {
  return path.resolve(process.env.NEXT_DIST_DIR ?? ".next");
}

/** Debian's Chromium where installed (these machines, CI); else Playwright's own (a developer's machine). */
export function chromiumPath(): string | undefined {
  const given = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH;
  if (given) return given;
  return existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
}

/**
 * Flags for both Lighthouse's and Playwright's Chromium: headless, and no background traffic
 * (component updates, sync, field trials) competing with the page on a 2-core machine.
 */
export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--disable-default-apps",
  "--disable-extensions",
];

/** The pages the browser rows measure (issue 21: a median Lighthouse performance ≥ 90 on these four). */
export const BROWSER_PAGES = ["/", "/menu", "/login", "/cart"] as const;
/** Pages that need a signed-in session cookie to show what a customer sees. */
export const SIGNED_IN_PAGES = new Set<string>(["/cart", "/rider"]);
