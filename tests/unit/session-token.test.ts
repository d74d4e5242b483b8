import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { decodeSession, encodeSession } from "@/lib/auth/jwt";
import { resetEnvCache } from "@/lib/env";

// decodeSession remembers tokens it has decoded (lib/auth/jwt.ts); remembering must never
// outlive what the token itself allows.

const claims = { sub: "user-1", role: "user" as const, sv: 0, name: "Asha", email: "asha@example.com" };

beforeAll(() => {
  process.env.AUTH_SECRET = "unit-test-secret-unit-test-secret";
  resetEnvCache();
});

afterEach(() => {
  vi.useRealTimers();
  process.env.AUTH_SECRET = "unit-test-secret-unit-test-secret";
  resetEnvCache();
});

describe("decodeSession", () => {
  it("reads a token written by next-auth itself (OAuth sign-ins) and by the shop", async () => {
    const fromNextAuth = await encode({ token: claims, secret: process.env.AUTH_SECRET! });
    expect(await decodeSession(fromNextAuth)).toMatchObject(claims);
    expect(await decodeSession(await encodeSession(claims))).toMatchObject(claims);
  });

  it("refuses a remembered token once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await encode({ token: claims, secret: process.env.AUTH_SECRET!, maxAge: 60 });
    expect(await decodeSession(token)).toMatchObject(claims);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(await decodeSession(token)).toBeNull();
  });

  it("refuses a remembered token after the secret changed", async () => {
    const token = await encodeSession(claims);
    expect(await decodeSession(token)).toMatchObject(claims);
    process.env.AUTH_SECRET = "another-secret-another-secret-another";
    resetEnvCache();
    expect(await decodeSession(token)).toBeNull();
  });

  it("refuses tampered and foreign tokens", async () => {
    const token = await encodeSession(claims);
    expect(await decodeSession(`${token.slice(0, -4)}AAAA`)).toBeNull();
    expect(await decodeSession(await encode({ token: claims, secret: "someone-elses-secret-someone-elses" }))).toBeNull();
  });
});
