import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@/lib/auth/jwt";

// Confirmation and reset links carry a raw one-time token, and the database keeps only its
// hash so that a read of the tables (a backup, a replica, a support query) cannot take over an
// account. A queued mail sits in that same database until the worker sends it, so its link is
// sealed with AES-256-GCM under a key derived from AUTH_SECRET and opened only by the worker.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

let cached: { secret: string; key: Buffer } | undefined;

/** A key of its own for mail links (HKDF), so this use can never collide with the session JWTs'. */
function key(): Buffer {
  const secret = authSecret();
  if (cached?.secret !== secret) {
    cached = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", "fresh-bowl/mail-link/v1", 32)) };
  }
  return cached.key;
}

/**
 * Encrypts `plaintext`. `context` (e.g. "confirm-email:<userId>") is authenticated but not
 * stored: a sealed link copied into another user's or another kind of job does not open.
 */
export function seal(plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The plaintext, or null when the value was tampered with, sealed for another context, or under another AUTH_SECRET. */
export function open(sealed: string, context: string): string | null {
  const [version, iv, body, tag, ...rest] = sealed.split(".");
  if (version !== VERSION || !iv || body === undefined || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
