import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keptVapidKeys } from "@/scripts/vapid-keys";

// `npm run dev`'s Web Push keys (product.md §14): made once under the data folder, readable by
// its owner only, and the same pair on every later start.

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("development's VAPID keys", () => {
  it("are made once, kept private, and read back on the next start", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-vapid-"));
    dirs.push(dir);
    const first = await keptVapidKeys(path.join(dir, ".data"));
    expect(first.made).toBe(true);
    expect(Buffer.from(first.variables.VAPID_PUBLIC_KEY, "base64url")).toHaveLength(65);
    expect(first.variables.VAPID_SUBJECT).toMatch(/^mailto:/);
    expect((await stat(first.file)).mode & 0o777).toBe(0o600);
    const again = await keptVapidKeys(path.join(dir, ".data"));
    expect(again).toEqual({ ...first, made: false });
  });
});
