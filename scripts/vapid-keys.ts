// Development's VAPID keys (product.md §14): made once and kept under .data/, as the session
// secret is, so a browser subscribed yesterday still gets today's pushes. `npm run dev` sets
// VAPID_* from them when the environment has none; production brings its own.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";

const SUBJECT = "mailto:orders@freshbowl.local";

type Pair = { publicKey: string; privateKey: string };

const isPair = (value: unknown): value is Pair =>
  typeof (value as Pair | null)?.publicKey === "string" && typeof (value as Pair).privateKey === "string";

/** The kept pair (made now if there is none yet) as the VAPID_* variables; `made` when new. */
export async function keptVapidKeys(dataDir: string): Promise<{ variables: Record<string, string>; made: boolean; file: string }> {
  const file = path.join(dataDir, "vapid-keys.json");
  const kept: unknown = await readFile(file, "utf8").then(JSON.parse, () => null);
  const pair = isPair(kept) ? kept : webpush.generateVAPIDKeys();
  if (!isPair(kept)) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(file, JSON.stringify(pair), { mode: 0o600 });
  }
  return {
    variables: { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: SUBJECT },
    made: !isPair(kept),
    file,
  };
}
