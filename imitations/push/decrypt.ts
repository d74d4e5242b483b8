import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from "node:crypto";

// The browser's side of Web Push encryption (RFC 8291, aes128gcm in RFC 8188), written from the
// RFCs with node:crypto alone, so a test reads what the shop sent as a phone would, without the
// library that encrypted it.

/** A subscription as a browser makes one: its key pair, its auth secret, and the two public values it hands the shop. */
export type BrowserKeys = { ecdh: ECDH; auth: Buffer; p256dh: string; authText: string };

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString("base64url"), authText: auth.toString("base64url") };
}

const info = (text: string, ...parts: Buffer[]) => Buffer.concat([Buffer.from(text, "utf8"), ...parts]);
const hkdf = (ikm: Buffer, salt: Buffer, what: Buffer, length: number) => Buffer.from(hkdfSync("sha256", ikm, salt, what, length));

/** The plaintext of one aes128gcm push body encrypted for `keys`. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error("a push of more than one record");
  const shared = keys.ecdh.computeSecret(serverPublic);
  const ikm = hkdf(shared, keys.auth, info("WebPush: info\0", keys.ecdh.getPublicKey(), serverPublic), 32);
  const key = hkdf(ikm, salt, info("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(ikm, salt, info("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the push's last record has no delimiter");
  return padded.subarray(0, end).toString("utf8");
}
