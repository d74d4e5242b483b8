// The service worker (product.md §14), made after `next build` (scripts/build.ts): app/sw.ts
// bundled with esbuild into public/sw.js, with this build's precache list written in by Serwist's
// own manifest builder (@serwist/build), as @serwist/turbopack and @serwist/cli do. Made here
// rather than by a Next route because the list names the build's own hashed files, which exist
// only once `next build` has finished. public/sw.js is a build output (.gitignore).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { escapeRegExp, getManifest, type ManifestTransform } from "@serwist/build";
import { build } from "esbuild";
import { OFFLINE_PAGE } from "@/lib/offline/keep";

/** Where the worker goes: served at /sw.js, so its scope is the whole shop. */
const SW_DEST = path.join("public", "sw.js");

/** The pages whose documents name the app shell: the menu, and what every other page falls back to. */
const SHELL_PAGES = ["menu", "offline"];
/** A build file a prerendered document names; hashed names are only these characters (no glob syntax). */
const BUILD_FILE = /\/_next\/(static\/[A-Za-z0-9_./-]+\.(?:js|css))/g;

/**
 * The precache's files: the scripts and styles the shell pages' prerendered documents load (not
 * every chunk of the build: the admin's code has no business on a customer's phone, and would
 * take the precache past 1.5 MB), the font, and the icons. Chunks loaded later come from the
 * build-asset cache once fetched.
 */
async function globPatterns(distDir: string): Promise<string[]> {
  const named = new Set<string>();
  for (const page of SHELL_PAGES) {
    const html = await readFile(path.join(distDir, "server", "app", `${page}.html`), "utf8");
    for (const [, file] of html.matchAll(BUILD_FILE)) named.add(`${distDir}/${file}`);
  }
  return [...named, `${distDir}/static/media/*.woff2`, "public/icons/*.png"];
}

/** Build paths as the browser asks for them: /_next/static/… and public/… at the root. */
function asUrls(distDir: string): ManifestTransform {
  return (entries) => ({
    manifest: entries.map((entry) => {
      if (entry.url.startsWith(`${distDir}/`)) entry.url = `/_next/${entry.url.slice(distDir.length + 1)}`;
      else if (entry.url.startsWith("public/")) entry.url = entry.url.slice("public".length);
      return entry;
    }),
    warnings: [],
  });
}

export type PrecacheSummary = { count: number; bytes: number };

/** Builds public/sw.js for the build in `distDir` and writes its precache's size beside the build. */
export async function buildServiceWorker(distDir: string): Promise<PrecacheSummary> {
  const buildId = (await readFile(path.join(distDir, "BUILD_ID"), "utf8")).trim();
  const { manifestEntries, count, size, warnings } = await getManifest({
    globDirectory: process.cwd(),
    globPatterns: await globPatterns(distDir),
    // Hashed names: the name is the revision (matched before the paths become URLs).
    dontCacheBustURLsMatching: new RegExp(`^${escapeRegExp(distDir)}/static/`),
    manifestTransforms: [asUrls(distDir)],
    // The page every other page falls back to offline, versioned with the build.
    additionalPrecacheEntries: [{ url: OFFLINE_PAGE, revision: buildId }],
  });
  for (const warning of warnings) console.warn(`[fresh-bowl] service worker: ${warning}`);
  await build({
    entryPoints: [path.join("app", "sw.ts")],
    outfile: SW_DEST,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    sourcemap: false,
    legalComments: "none",
    define: { "self.__SW_MANIFEST": JSON.stringify(manifestEntries ?? []), "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  const summary = { count, bytes: size };
  await writeFile(path.join(distDir, "sw-precache.json"), JSON.stringify(summary));
  return summary;
}
