// Fetch helpers for the admin screens: JSON in and out, and the server's own error text.

export type ApiReply<T> = { ok: true; data: T } | { ok: false; status: number; error: string; field?: string };

const FALLBACK = "Something went wrong. Please try again.";

export async function sendJson<T>(url: string, method: string, body?: unknown): Promise<ApiReply<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, error: "Could not reach the server. Check your connection and try again." };
  }
  const data: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: data as T };
  const reply = (data && typeof data === "object" ? data : {}) as { error?: unknown; field?: unknown };
  return {
    ok: false,
    status: res.status,
    error: typeof reply.error === "string" && reply.error.trim() ? reply.error : FALLBACK,
    field: typeof reply.field === "string" ? reply.field : undefined,
  };
}

/** The server's message without the field path it may start with ("prices.small: must be …"). */
export function withoutFieldPrefix(message: string): string {
  return message.replace(/^[\w.]+: /, "");
}
