// The `code` next to each error text, from the real route handlers and PostgreSQL: the codes the
// UI branches on (lib/client/api-client.ts), and the transport refusals every route shares.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { newToken } from "@/lib/auth/tokens";
import { isErrorCode } from "@/lib/error-codes";
import { call } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { POST as loginRoute } from "@/app/api/login/route";
import { GET as confirmRoute } from "@/app/api/confirm/[token]/route";
import { GET as verifyResetRoute } from "@/app/api/verify-reset-token/[token]/route";
import { GET as orderRoute } from "@/app/api/orders/[id]/route";

const PASSWORD = "crunchy-greens-42";

async function account(confirmed: boolean) {
  const email = `codes.${randomBytes(5).toString("hex")}@example.com`;
  const user = await db().user.create({
    data: { name: "Code Tester", email, passwordHash: await hashPassword(PASSWORD), emailConfirmedAt: confirmed ? new Date() : null },
  });
  return { user, email };
}

function codeOf(reply: { json: unknown }) {
  return (reply.json as { code?: unknown }).code;
}

describe("error codes", () => {
  it("login: an unconfirmed account gets email_unconfirmed, a wrong password bad_credentials (texts unchanged)", async () => {
    const { email } = await account(false);
    const unconfirmed = await call(loginRoute, "POST", "/api/login", { body: { email, password: PASSWORD } });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.json).toEqual({ error: "Please confirm your email before logging in.", code: "email_unconfirmed" });

    const wrong = await call(loginRoute, "POST", "/api/login", { body: { email, password: "not-the-password" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: "Invalid email or password.", code: "bad_credentials" });
  });

  it("confirm: an expired link gets token_expired, an unknown one token_invalid", async () => {
    const { user } = await account(false);
    const { token, tokenHash } = newToken();
    await db().oneTimeToken.create({ data: { userId: user.id, kind: "confirm_email", tokenHash, expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call(confirmRoute, "GET", `/api/confirm/${token}`, { params: { token } });
    expect(expired.status).toBe(400);
    expect(codeOf(expired)).toBe("token_expired");

    const unknown = newToken().token;
    const invalid = await call(confirmRoute, "GET", `/api/confirm/${unknown}`, { params: { token: unknown } });
    expect(invalid.status).toBe(400);
    expect(codeOf(invalid)).toBe("token_invalid");

    const reset = await call(verifyResetRoute, "GET", `/api/verify-reset-token/${unknown}`, { params: { token: unknown } });
    expect(reset.json).toEqual({ error: "Invalid or expired token", code: "token_invalid" });
  });

  it("transport refusals: 403 cross_site, 415 unsupported_media_type, 413 payload_too_large, 400 invalid", async () => {
    const body = { email: "someone@example.com", password: PASSWORD };
    const crossSite = await call(loginRoute, "POST", "/api/login", { body, headers: { origin: "https://evil.example" } });
    expect(crossSite.json).toEqual({ error: "Cross-site requests are not allowed.", code: "cross_site" });
    expect(crossSite.status).toBe(403);

    const text = await call(loginRoute, "POST", "/api/login", { body, headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
    expect(codeOf(text)).toBe("unsupported_media_type");

    const big = await call(loginRoute, "POST", "/api/login", { body: { ...body, password: "x".repeat(110 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: "Request body is too large.", code: "payload_too_large" });

    const malformed = await call(loginRoute, "POST", "/api/login", { raw: "{not json" });
    expect(malformed.status).toBe(400);
    expect(codeOf(malformed)).toBe("invalid");
  });

  it("signed out gets unauthorized; someone else's order not_found; every code is in the published list", async () => {
    const anonymous = await call(orderRoute, "GET", "/api/orders/x", { params: { id: "x" } });
    expect(anonymous.status).toBe(401);
    expect(codeOf(anonymous)).toBe("unauthorized");

    const caller = await makeCaller("user");
    const missing = await call(orderRoute, "GET", "/api/orders/00000000-0000-4000-8000-000000000000", {
      caller,
      params: { id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missing.status).toBe(404);
    expect(codeOf(missing)).toBe("not_found");

    for (const reply of [anonymous, missing]) expect(isErrorCode(codeOf(reply))).toBe(true);
  });
});
