import { describe, expect, it } from "vitest";
import { isLoopback, outboxVisible } from "@/lib/email/outbox";
import { adminLogLines } from "@/lib/bootstrap/admin";
import { failureReason } from "@/lib/db/pg-cluster";

// The rules behind /dev/outbox and the start-up log (product contract §5); the script-level
// tests in tests/integration/ops-*.test.ts show them from outside.

describe("/dev/outbox", () => {
  const servedHost = true;

  it("answers loopback peers only, in development, when no proxy relayed the request", () => {
    for (const peer of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(outboxVisible({ production: false, peer, relayed: "0", servedHost }), peer).toBe(true);
    }
    for (const peer of ["192.168.1.20", "10.0.0.1", "::ffff:192.0.2.1", "fe80::1", "1270.0.0.1", "127.0.0.1.evil", ""]) {
      expect(outboxVisible({ production: false, peer, relayed: "0", servedHost }), peer).toBe(false);
    }
    expect(outboxVisible({ production: true, peer: "127.0.0.1", relayed: "0", servedHost })).toBe(false);
    expect(outboxVisible({ production: false, peer: "127.0.0.1", relayed: "1", servedHost })).toBe(false);
    // No server of ours in front (a bare `next dev`): the page cannot tell, so it does not answer.
    expect(outboxVisible({ production: false, peer: null, relayed: null, servedHost })).toBe(false);
    expect(isLoopback("::2")).toBe(false);
  });

  it("does not answer a loopback peer that names another site (DNS rebinding)", () => {
    expect(outboxVisible({ production: false, peer: "127.0.0.1", relayed: "0", servedHost: false })).toBe(false);
  });
});

describe("the server log", () => {
  it("prints an admin password only when this start generated it", () => {
    const generated = adminLogLines(
      { action: "created", email: "admin@freshbowl.local", generatedPassword: "s3cret-pass" },
      "http://x/login",
    );
    expect(generated.join("\n")).toContain("s3cret-pass");
    const fromEnv = adminLogLines({ action: "updated", email: "boss@example.com" }, "http://x/login").join("\n");
    expect(fromEnv).not.toMatch(/password:/i);
    expect(adminLogLines(null, "http://x/login").join("\n")).toMatch(/set ADMIN_EMAIL and ADMIN_PASSWORD/);
  });
});

describe("failureReason", () => {
  it("picks the line of PostgreSQL's output that says why", () => {
    const output = [
      "2026-11-23 11:00:00.000 UTC [123] LOG:  starting PostgreSQL 18.4",
      '2026-11-23 11:00:00.001 UTC [123] LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
      "2026-11-23 11:00:00.002 UTC [123] FATAL:  could not create any TCP/IP sockets",
      "",
    ].join("\n");
    expect(failureReason(output)).toMatch(/could not bind IPv4 address/);
    expect(
      failureReason(
        'initdb: error: directory "/x/pg" exists but is not empty\nIf you want to create a new database system, either remove or empty',
      ),
    ).toBe('initdb: error: directory "/x/pg" exists but is not empty');
    expect(failureReason("")).toBe("no output");
  });
});
