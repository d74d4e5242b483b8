// The static baseline: a 64 KiB file in public/, served by the same Next server as the pages.
// Issue 6 compares each page with "the same server sending a 64 KiB static file", so the ratio
// shows what rendering costs on top of Next's own request handling, gzip and the socket.
//
// The file is written before the server starts (Next's production server lists public/ once,
// at start) and deleted when the bench ends; .gitignore keeps it out of commits.
import { gzipSync } from "node:zlib";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { catalogue } from "@/prisma/catalogue";

export const STATIC_PATH = "/bench-64k.txt";
const STATIC_BYTES = 64 * 1024;

const file = () => path.join(process.cwd(), "public", STATIC_PATH.slice(1));

/** Deterministic (so every run sends the same bytes), not random, not a single repeated block. */
function* pseudoRandom(seed: number): Generator<number> {
  let x = seed >>> 0;
  for (;;) {
    // xorshift32
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    yield x;
  }
}

/**
 * Menu-like JSON lines built from the real catalogue, with varied ids, prices and word order,
 * so gzip compresses it about as well as a rendered menu page (≈4–6×) rather than the ~100×
 * it would get from one block repeated.
 */
function staticFileContent(): string {
  const items = catalogue.flatMap((c) => c.items.map((i) => ({ ...i, category: c.name })));
  const rand = pseudoRandom(6);
  const next = () => rand.next().value as number;
  const lines: string[] = [];
  let size = 0;
  while (size < STATIC_BYTES) {
    const item = items[next() % items.length];
    const words = item.description.split(" ");
    for (let i = words.length - 1; i > 0; i--) {
      const j = next() % (i + 1);
      [words[i], words[j]] = [words[j], words[i]];
    }
    const bump = (next() % 41) - 20;
    const line = JSON.stringify({
      id: next().toString(36) + next().toString(36),
      slug: item.slug,
      name: item.name,
      category: item.category,
      description: words.join(" "),
      prices: { small: item.prices[0] + bump, medium: item.prices[1] + bump, large: item.prices[2] + bump },
      available: next() % 9 !== 0,
      rating: (35 + (next() % 15)) / 10,
    });
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n").slice(0, STATIC_BYTES - 1) + "\n";
}

export async function writeStaticFile(): Promise<{ bytes: number; gzipBytes: number }> {
  const content = staticFileContent();
  await writeFile(file(), content);
  return { bytes: Buffer.byteLength(content), gzipBytes: gzipSync(content).length };
}

export async function removeStaticFile(): Promise<void> {
  await rm(file(), { force: true });
}
