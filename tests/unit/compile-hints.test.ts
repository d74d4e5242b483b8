// scripts/compile-hints.mjs on a build directory laid out as `next build` leaves it.
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// tsconfig has allowJs off, so the .mjs module has no types: this is its shape.
const { addCompileHints, COMPILE_HINT } =
  // @ts-expect-error -- no declaration file for the .mjs module (allowJs is off); typed just below.
  (await import("../../scripts/compile-hints.mjs")) as { addCompileHints: (distDir: string) => Promise<number>; COMPILE_HINT: string };

let dist: string;
const chunk = (name: string) => path.join(dist, "static", "chunks", name);

beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "compile-hints-"));
  await mkdir(path.join(dist, "static", "chunks", "app"), { recursive: true });
  await mkdir(path.join(dist, "server"), { recursive: true });
  await writeFile(chunk("framework.js"), '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([1,(e)=>{"use strict";e.x=1}]);');
  await writeFile(chunk("app/page.js"), '"use strict";self.page=1;');
  await writeFile(chunk("styles.css"), "body{margin:0}");
  await writeFile(path.join(dist, "server", "page.js"), "module.exports=1;");
});
afterEach(() => rm(dist, { recursive: true, force: true }));

describe("addCompileHints", () => {
  it("puts V8's hint on the first line of every browser script and leaves the rest of each as it was", async () => {
    expect(await addCompileHints(dist)).toBe(2);
    expect(await readFile(chunk("framework.js"), "utf8")).toBe(
      '//# allFunctionsCalledOnLoad\n(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([1,(e)=>{"use strict";e.x=1}]);',
    );
    expect(await readFile(chunk("app/page.js"), "utf8")).toBe(`${COMPILE_HINT}"use strict";self.page=1;`);
  });

  it("leaves styles and the server's files alone", async () => {
    await addCompileHints(dist);
    expect(await readFile(chunk("styles.css"), "utf8")).toBe("body{margin:0}");
    expect(await readFile(path.join(dist, "server", "page.js"), "utf8")).toBe("module.exports=1;");
  });

  it("adds nothing the second time, so a rerun keeps each file's content (and its hashed name's meaning)", async () => {
    await addCompileHints(dist);
    const once = await readFile(chunk("framework.js"), "utf8");
    expect(await addCompileHints(dist)).toBe(0);
    expect(await readFile(chunk("framework.js"), "utf8")).toBe(once);
  });

  it("keeps a hinted script's meaning: the hint is a comment to any JavaScript engine", async () => {
    await addCompileHints(dist);
    const source = await readFile(chunk("app/page.js"), "utf8");
    const self: Record<string, number> = {};
    new Function("self", source)(self);
    expect(self.page).toBe(1);
  });
});
