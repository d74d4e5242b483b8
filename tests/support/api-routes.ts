import { readdir } from "node:fs/promises";
import path from "node:path";
import type { AnyHandler } from "@/tests/support/api";

// Every route handler under app/api, found on disk: a route added later shows up here without
// anyone remembering to list it, so tests that must cover every route can check that they do.

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

export type ApiRoute = {
  /** As Next names it: "/api/orders/[id]". */
  route: string;
  file: string;
  handlers: Partial<Record<HttpMethod, AnyHandler>>;
};

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");

async function routeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return routeFiles(full);
      return Promise.resolve(/^route\.(ts|tsx|js|mjs)$/.test(e.name) ? [full] : []);
    }),
  );
  return nested.flat();
}

export async function listApiRoutes(): Promise<ApiRoute[]> {
  const files = (await routeFiles(API_DIR)).sort();
  return Promise.all(
    files.map(async (file) => {
      const mod = (await import(file)) as Record<string, unknown>;
      const handlers: ApiRoute["handlers"] = {};
      for (const m of HTTP_METHODS) if (typeof mod[m] === "function") handlers[m] = mod[m] as AnyHandler;
      const route = "/api/" + path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
      return { route, file, handlers };
    }),
  );
}
