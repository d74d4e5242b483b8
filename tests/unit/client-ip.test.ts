import { afterEach, describe, expect, it } from "vitest";
import { clientIp, PEER_ENV, PEER_HEADER } from "@/lib/client-ip";
import { resetEnvCache } from "@/lib/env";

const saved = { trust: process.env.TRUST_PROXY, peer: process.env[PEER_ENV] };

function request(headers: Record<string, string>) {
  return new Request("http://localhost/api/login", { headers });
}

function configure(trustProxy: boolean, peerHeader: boolean) {
  process.env.TRUST_PROXY = trustProxy ? "true" : "false";
  if (peerHeader) process.env[PEER_ENV] = "1";
  else delete process.env[PEER_ENV];
  resetEnvCache();
}

afterEach(() => {
  process.env.TRUST_PROXY = saved.trust;
  if (saved.peer === undefined) delete process.env[PEER_ENV];
  else process.env[PEER_ENV] = saved.peer;
  resetEnvCache();
});

describe("the client address used for per-IP limits", () => {
  it("behind a trusted proxy: the first X-Forwarded-For address", () => {
    configure(true, true);
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7, 10.0.0.1", [PEER_HEADER]: "10.0.0.1" }))).toBe("203.0.113.7");
  });

  it("without a trusted proxy: X-Forwarded-For is ignored and the socket address from the start script is used", () => {
    configure(false, true);
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7", [PEER_HEADER]: "::ffff:192.0.2.10" }))).toBe("192.0.2.10");
  });

  it("when the app was not started by the start script, a client-sent peer header is not trusted", () => {
    configure(false, false);
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7", [PEER_HEADER]: "192.0.2.10" }))).toBe("direct");
  });
});
