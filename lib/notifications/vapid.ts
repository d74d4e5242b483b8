import "server-only";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import { env } from "@/lib/env";

// The shop's VAPID keys (RFC 8292), which sign every push so push services know it is the shop:
// from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT; in development, without them, a
// pair made once and kept under .data/ (as the dev AUTH_SECRET is), so browsers subscribed
// yesterday still get today's pushes; in production, without them, push is off.

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const DEV_SUBJECT = "mailto:orders@freshbowl.local";

const dataDir = () => path.resolve(env().FRESH_BOWL_DATA_DIR ?? path.join(process.cwd(), ".data"));

const isKeys = (value: unknown): value is Omit<VapidKeys, "subject"> =>
  typeof (value as VapidKeys | null)?.publicKey === "string" && typeof (value as VapidKeys).privateKey === "string";

async function developmentKeys(file: string): Promise<VapidKeys> {
  const kept: unknown = await readFile(file, "utf8").then(JSON.parse, () => null);
  if (isKeys(kept)) return { ...kept, subject: DEV_SUBJECT };
  const made = webpush.generateVAPIDKeys();
  await mkdir(path.dirname(file), { recursive: true });
  // Two processes starting at once: the first file written is the pair both keep.
  const written = await writeFile(file, JSON.stringify(made), { flag: "wx", mode: 0o600 }).then(
    () => true,
    () => false,
  );
  if (written) return { ...made, subject: DEV_SUBJECT };
  const other: unknown = JSON.parse(await readFile(file, "utf8"));
  if (!isKeys(other)) throw new Error(`${file} holds no VAPID keys: delete it and start again`);
  return { ...other, subject: DEV_SUBJECT };
}

const globalForVapid = globalThis as unknown as { freshBowlVapid?: Map<string, Promise<VapidKeys>> };

/** The keys, or null when push is off (production without them). */
export function vapidKeys(): Promise<VapidKeys | null> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, isProduction } = env();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY && VAPID_SUBJECT)
    return Promise.resolve({ publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT });
  if (isProduction) return Promise.resolve(null);
  // Read once per process (and folder): every push of a dev server signs with the same pair.
  const file = path.join(dataDir(), "vapid-keys.json");
  const kept = (globalForVapid.freshBowlVapid ??= new Map());
  let keys = kept.get(file);
  if (!keys) kept.set(file, (keys = developmentKeys(file)));
  return keys;
}
