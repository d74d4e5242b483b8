import { describe, expect, it } from "vitest";
import { openFetchStream, retryAfterMs, type StreamRefusal } from "@/lib/realtime/fetch-stream";
import { waitFor } from "@/tests/support/wait";

// The browser's event stream read through fetch, with a stand-in fetch: events as they arrive
// (however the bytes are cut), and what the server's status says, so the page can tell "no room
// for a stream" (503 + Retry-After) from "no streams here" (204) and from a failure.

type Outcome = { messages: string[]; errors: (StreamRefusal | undefined)[]; requests: RequestInit[] };

function open(reply: (init: RequestInit) => Response) {
  const outcome: Outcome = { messages: [], errors: [], requests: [] };
  const fetchFn = (async (_url: string | URL | Request, init?: RequestInit) => {
    outcome.requests.push(init ?? {});
    return reply(init ?? {});
  }) as typeof fetch;
  const handle = openFetchStream(
    "/api/events",
    (data) => outcome.messages.push(data),
    (refusal) => outcome.errors.push(refusal),
    fetchFn,
  );
  return { outcome, handle };
}

/** A body that sends `chunks` and then ends, or stays open (`hold`) until aborted. */
function body(chunks: string[], { hold = false, signal }: { hold?: boolean; signal?: AbortSignal | null } = {}) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      if (!hold) controller.close();
      signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
    },
  });
}

describe("openFetchStream", () => {
  it("asks for text/event-stream and passes on each event's data, however the bytes are cut, then reports the end once", async () => {
    const { outcome } = open(
      () =>
        new Response(body(["retry: 3000\n", 'data: {"type":"re', 'ady"}\n', "\n: ping\n\n", 'data: {"type":"menu"}\r\n\r\n']), {
          status: 200,
        }),
    );
    await waitFor(() => outcome.errors.length === 1, { what: "the end" });
    expect(new Headers(outcome.requests[0].headers).get("accept")).toBe("text/event-stream");
    expect(outcome.messages).toEqual(['{"type":"ready"}', '{"type":"menu"}']);
    expect(outcome.errors).toEqual([undefined]);
  });

  it("503: the server has no room, with how long to wait", async () => {
    const { outcome } = open(() =>
      Response.json({ error: "busy", code: "unavailable" }, { status: 503, headers: { "Retry-After": "30" } }),
    );
    await waitFor(() => outcome.errors.length === 1, { what: "the refusal" });
    expect(outcome.errors).toEqual([{ kind: "busy", retryAfterMs: 30_000 }]);
  });

  it("204: the server does not stream; 401 and the network failing: plain failures", async () => {
    const noStream = open(() => new Response(null, { status: 204 }));
    const signedOut = open(() => Response.json({ error: "Please sign in", code: "unauthorized" }, { status: 401 }));
    const down = open(() => {
      throw new TypeError("Failed to fetch");
    });
    await waitFor(() => [noStream, signedOut, down].every((o) => o.outcome.errors.length === 1), { what: "the three outcomes" });
    expect(noStream.outcome.errors).toEqual([{ kind: "no-stream" }]);
    expect(signedOut.outcome.errors).toEqual([undefined]);
    expect(down.outcome.errors).toEqual([undefined]);
  });

  it("after close, nothing more is heard, and the request is aborted", async () => {
    const { outcome, handle } = open(
      (init) => new Response(body(['data: {"type":"ready"}\n\n'], { hold: true, signal: init.signal }), { status: 200 }),
    );
    await waitFor(() => outcome.messages.length === 1, { what: "the first event" });
    handle.close();
    expect(outcome.requests[0].signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outcome.errors).toEqual([]);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds, within bounds, and falls back when it cannot", () => {
    expect(retryAfterMs("30")).toBe(30_000);
    expect(retryAfterMs("0")).toBe(1_000);
    expect(retryAfterMs("86400")).toBe(600_000);
    expect(retryAfterMs(null)).toBe(30_000);
    expect(retryAfterMs("Fri, 27 Nov 2026 10:00:00 GMT")).toBe(30_000);
  });
});
