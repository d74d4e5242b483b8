import { toast } from "sonner";

// Small fetch helpers for the account forms: JSON in and out, and the texts the seed app
// showed when the server's reply carries none.

export type Reply = { ok: boolean; status: number; data: Record<string, unknown> };

/** POSTs (or GETs) JSON. Throws only when the request itself fails (network, bad JSON). */
export async function requestJson(url: string, body?: unknown, method = body === undefined ? "GET" : "POST"): Promise<Reply> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const parsed: unknown = await res.json();
  const data = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  return { ok: res.ok, status: res.status, data };
}

/** The first non-empty string among the reply's fields, else the fallback. */
export function textOf(data: Record<string, unknown>, keys: string[], fallback: string): string {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return fallback;
}

export type Outcome = { ok: true; message: string } | { ok: false; message: string; field?: string };

/**
 * Sends a form's JSON and says what to show: the server's message, else the seed's fallback
 * text; on failure also the field the server named.
 */
export async function submitJson(url: string, body: unknown, texts: { success: string; failure: string }): Promise<Outcome> {
  try {
    const reply = await requestJson(url, body);
    if (reply.ok) return { ok: true, message: textOf(reply.data, ["message"], texts.success) };
    const field = typeof reply.data.field === "string" ? reply.data.field : undefined;
    return { ok: false, message: textOf(reply.data, ["error", "message"], texts.failure), field };
  } catch {
    return { ok: false, message: texts.failure };
  }
}

async function toastOutcome(outcome: Promise<Outcome>): Promise<boolean> {
  const { ok, message } = await outcome;
  if (ok) toast.success(message);
  else toast.error(message);
  return ok;
}

export function resendConfirmation(email: string): Promise<boolean> {
  return toastOutcome(
    submitJson("/api/resend-confirmation", { email: email.trim() }, { success: "Confirmation email sent!", failure: "Failed to send confirmation email" }),
  );
}

export function requestPasswordReset(email: string): Promise<boolean> {
  return toastOutcome(
    submitJson("/api/forgot-password", { email: email.trim() }, { success: "Password reset link sent!", failure: "Failed to send reset email." }),
  );
}
