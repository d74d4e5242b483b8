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

export async function resendConfirmation(email: string): Promise<boolean> {
  try {
    const reply = await requestJson("/api/resend-confirmation", { email: email.trim() });
    if (reply.ok) {
      toast.success(textOf(reply.data, ["message"], "Confirmation email sent!"));
      return true;
    }
    toast.error(textOf(reply.data, ["error", "message"], "Failed to send confirmation email"));
  } catch {
    toast.error("Failed to send confirmation email");
  }
  return false;
}

export async function requestPasswordReset(email: string): Promise<boolean> {
  try {
    const reply = await requestJson("/api/forgot-password", { email: email.trim() });
    if (reply.ok) {
      toast.success(textOf(reply.data, ["message"], "Password reset link sent!"));
      return true;
    }
    toast.error(textOf(reply.data, ["error", "message"], "Failed to send reset email."));
  } catch {
    toast.error("Failed to send reset email.");
  }
  return false;
}
