// Every request the run makes is recorded with its instance, its start and end time and what
// came back (a status, or the network error), so the outage windows can be judged afterwards.

export type Outcome = {
  /** order: a real customer's; tracker: one looking at their orders; abuse: the flooding account's; kitchen: the admin moving orders on; login: the admin's setup. */
  kind: "login" | "order" | "tracker" | "abuse" | "kitchen";
  instance: number;
  start: number;
  end: number;
  /** null: no HTTP reply (refused, reset, timed out). */
  status: number | null;
  retryAfter: string | null;
  error?: string;
};

export type Reply = { outcome: Outcome; json: unknown };

export const outcomes: Outcome[] = [];

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (error.name === "TimeoutError") return "timeout";
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

export async function send(
  kind: Outcome["kind"],
  instance: number,
  url: string,
  init: { method?: "GET" | "POST" | "PATCH" | "PUT"; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<Reply> {
  const start = Date.now();
  let outcome: Outcome;
  let json: unknown = undefined;
  try {
    const res = await fetch(url, {
      method: init.method ?? "POST",
      headers: init.body === undefined ? init.headers : { "content-type": "application/json", ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    const text = await res.text();
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    outcome = { kind, instance, start, end: Date.now(), status: res.status, retryAfter: res.headers.get("retry-after") };
  } catch (error) {
    outcome = { kind, instance, start, end: Date.now(), status: null, retryAfter: null, error: errorText(error) };
  }
  outcomes.push(outcome);
  return { outcome, json };
}

/**
 * Worth the same request again: no reply, the server busy or the database away (503), or a 5xx.
 * A 4xx is an answer: for a real customer, a refusal.
 */
export function retryable(outcome: Outcome): boolean {
  return outcome.status === null || outcome.status >= 500;
}

/** How long to wait before the next try: Retry-After when given (capped), else exponential with jitter. */
export function backoffMs(outcome: Outcome, attempt: number): number {
  const given = Number(outcome.retryAfter);
  if (outcome.retryAfter !== null && Number.isFinite(given) && given >= 0)
    return Math.min(given * 1000, 5_000) * (0.75 + Math.random() * 0.5);
  const base = Math.min(100 * 2 ** attempt, 2_000);
  return base / 2 + Math.random() * base;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
