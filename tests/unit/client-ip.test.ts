import { afterEach, describe, expect, it } from "vitest";
import { addressKey, clientIp, networkOf, NO_ADDRESS, PEER_ENV, PEER_HEADER, widerNetworks } from "@/lib/client-ip";
import { env, resetEnvCache } from "@/lib/env";

// product.md §1 (TRUST_PROXY) and §5: per-IP limits key on the client address, never on an
// X-Forwarded-For entry the client wrote itself, and IPv6 clients per /64, counted against their
// /56 and /48 too (issue 22: one /48 holds 65,536 /64s).

const saved = { trust: process.env.TRUST_PROXY, peer: process.env[PEER_ENV] };

function request(headers: Record<string, string> | [string, string][]) {
  return new Request("http://localhost/api/login", { headers });
}

/** trustProxy: the TRUST_PROXY value (undefined = unset); peerHeader: behind the shop's server (server/). */
function configure(trustProxy: string | undefined, peerHeader: boolean) {
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  if (peerHeader) process.env[PEER_ENV] = "1";
  else delete process.env[PEER_ENV];
  resetEnvCache();
}

afterEach(() => {
  if (saved.trust === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = saved.trust;
  if (saved.peer === undefined) delete process.env[PEER_ENV];
  else process.env[PEER_ENV] = saved.peer;
  resetEnvCache();
});

describe("TRUST_PROXY parsing", () => {
  it.each([
    [undefined, 0],
    ["false", 0],
    ["0", 0],
    ["true", 1],
    ["TRUE", 1],
    ["1", 1],
    ["2", 2],
  ])("TRUST_PROXY=%s trusts %i proxies", (value, proxies) => {
    configure(value, false);
    expect(env().TRUST_PROXY).toBe(proxies);
  });

  it("refuses a value it would have to guess at", () => {
    configure("yes please", false);
    expect(() => env()).toThrow(/TRUST_PROXY/);
  });
});

describe("the client address used for per-IP limits", () => {
  it("TRUST_PROXY unset: X-Forwarded-For is ignored and the socket address from the start script is used", () => {
    configure(undefined, true);
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7", [PEER_HEADER]: "192.0.2.10" }))).toBe("192.0.2.10");
  });

  it("TRUST_PROXY=true: the last X-Forwarded-For entry (the one the proxy appended), never the first", () => {
    configure("true", true);
    // The client wrote "6.6.6.6" itself; the proxy appended the address it saw.
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.7", [PEER_HEADER]: "10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7", [PEER_HEADER]: "10.0.0.1" }))).toBe("203.0.113.7");
  });

  it("a client that forges X-Forwarded-For cannot pick a fresh bucket", () => {
    configure("1", true);
    const keys = new Set(
      ["1.1.1.1", "2.2.2.2", "3.3.3.3, 4.4.4.4"].map((forged) =>
        clientIp(request({ "x-forwarded-for": `${forged}, 198.51.100.9`, [PEER_HEADER]: "10.0.0.1" })),
      ),
    );
    expect([...keys]).toEqual(["198.51.100.9"]);
  });

  it("X-Forwarded-For sent as several header lines is one chain", () => {
    configure("true", false);
    const req = request([
      ["x-forwarded-for", "6.6.6.6"],
      ["x-forwarded-for", "203.0.113.7"],
    ]);
    expect(clientIp(req)).toBe("203.0.113.7");
  });

  it("TRUST_PROXY=N: the Nth entry from the right", () => {
    configure("2", true);
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.2", [PEER_HEADER]: "10.0.0.1" }))).toBe("203.0.113.7");
    configure("3", true);
    expect(clientIp(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.7, 10.0.0.3, 10.0.0.2" }))).toBe("203.0.113.7");
  });

  it("a chain shorter than the proxies (all written by proxies): its leftmost entry", () => {
    configure("2", true);
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7", [PEER_HEADER]: "10.0.0.1" }))).toBe("203.0.113.7");
  });

  it("behind a proxy but no X-Forwarded-For at all: the socket address", () => {
    configure("true", true);
    expect(clientIp(request({ [PEER_HEADER]: "192.0.2.10" }))).toBe("192.0.2.10");
  });

  it("not started by the start script and no trusted proxy: one shared bucket, whatever the client sends", () => {
    configure(undefined, false);
    expect(clientIp(request({ "x-forwarded-for": "203.0.113.7", [PEER_HEADER]: "192.0.2.10", "x-real-ip": "192.0.2.11" }))).toBe(
      NO_ADDRESS,
    );
  });

  it("IPv6 clients share a bucket per /64, whatever the spelling", () => {
    configure(undefined, true);
    const key = (peer: string) => clientIp(request({ [PEER_HEADER]: peer }));
    expect(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(key("2001:db8:1:2::1")).toBe(key("2001:0DB8:0001:0002:0000:0000:0000:0002"));
    expect(key("2001:db8:1:3::1")).not.toBe(key("2001:db8:1:2::1"));
  });
});

describe("addressKey", () => {
  // One limit per client: every spelling of an IPv4 address is one key, and an IPv6 client is
  // keyed by its /64, whatever address in it and however written.
  const sameKey: Record<string, string[]> = {
    "192.0.2.10": [
      "192.0.2.10",
      " 192.0.2.10 ",
      "192.0.2.10:51234",
      "::ffff:192.0.2.10",
      "::FFFF:c000:020a",
      "0:0:0:0:0:ffff:192.0.2.10",
      "[::ffff:192.0.2.10]:443",
    ],
    "2001:db8:0:0::/64": ["2001:db8::", "2001:db8::1", "2001:db8:0:0:ffff::1"],
    "2001:db8:abcd:12::/64": ["[2001:db8:abcd:12::7]:8080"],
    "fe80:0:0:0::/64": ["fe80::1%eth0"],
    "0:0:0:0::/64": ["::1"],
    "2001:db8:1:2::/64": ["2001:db8:1:2:3:4:1.2.3.4"],
    unknown: ["unknown"],
  };

  it.each(Object.entries(sameKey).flatMap(([key, raws]) => raws.map((raw) => [raw, key])))("%s -> %s", (raw, key) => {
    expect(addressKey(raw)).toBe(key);
  });

  it("keeps anything that is not an address as it was written: other IPv4 spellings, names, long values", () => {
    for (const raw of ["127.1", "0x7f.0.0.1", "2130706433", "proxy.internal", "1.2.3.4.5", "::ffff:1.2.3"])
      expect(addressKey(raw), raw).toBe(raw);
    const long = `${"1".repeat(16 * 1024)}`;
    const started = performance.now();
    expect(addressKey(` ${long} `)).toBe(long);
    expect(addressKey(`[${"a:".repeat(8 * 1024)}]:1`)).toBe(`[${"a:".repeat(8 * 1024)}]:1`);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("the wider networks of a client key", () => {
  it("an IPv6 client's /56 and /48, for the per-IP limits", () => {
    expect(widerNetworks(addressKey("2001:db8:abcd:12ff:1::5"))).toEqual([
      { prefix: 56, key: "2001:db8:abcd:1200::/56" },
      { prefix: 48, key: "2001:db8:abcd::/48" },
    ]);
    // Every /64 of one /48 shares its /48; the /56 splits them 256 ways.
    const keys = ["2001:db8:abcd:0::1", "2001:db8:abcd:ff::1", "2001:db8:abcd:100::1", "2001:db8:abcd:ffff::1"].map((a) =>
      widerNetworks(addressKey(a)),
    );
    expect(new Set(keys.map(([, w48]) => w48.key))).toEqual(new Set(["2001:db8:abcd::/48"]));
    expect(keys.map(([w56]) => w56.key)).toEqual([
      "2001:db8:abcd::/56",
      "2001:db8:abcd::/56",
      "2001:db8:abcd:100::/56",
      "2001:db8:abcd:ff00::/56",
    ]);
  });

  it("none for IPv4 clients (IPv4-mapped included) or keys that are not addresses", () => {
    for (const key of ["192.0.2.10", addressKey("::ffff:192.0.2.10"), NO_ADDRESS, "proxy.internal", "2001:db8::/48", "2001:db8::1"]) {
      expect(widerNetworks(key), key).toEqual([]);
    }
  });

  it("the network a fair share is counted for: an IPv6 client's /48, an IPv4 address itself", () => {
    expect(networkOf(addressKey("2001:db8:abcd:12ff:1::5"))).toBe("2001:db8:abcd::/48");
    expect(networkOf(addressKey("2001:db8:abcd:9::1"))).toBe("2001:db8:abcd::/48");
    expect(networkOf("192.0.2.10")).toBe("192.0.2.10");
    expect(networkOf(NO_ADDRESS)).toBe(NO_ADDRESS);
  });
});
