import { spawnSync } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

// A self-signed certificate for 127.0.0.1, made per run with openssl, so the push imitation can
// answer over https as real push services do; a production shop trusts it through
// NODE_EXTRA_CA_CERTS = `certFile`.

export type Certificate = { key: string; cert: string; certFile: string };

export async function selfSignedCertificate(): Promise<Certificate> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "fresh-bowl-push-tls-"));
  const [keyFile, certFile] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  const made = spawnSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"].concat([
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ]),
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the push imitation's certificate: ${made.stderr}`);
  return { key: await readFile(keyFile, "utf8"), cert: await readFile(certFile, "utf8"), certFile };
}
