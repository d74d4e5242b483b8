// The browser's event stream, read through fetch rather than EventSource: an EventSource hides
// the reply's status, and the page must tell a server without room for its stream (503 with
// Retry-After: poll, and ask again later) from one that does not stream (204) and from a
// failure (reconnect with backoff). Reconnecting is live-connection.ts's job, not this one's.
// Client-safe; tests hand in their own fetch.

/** Why a stream was not had, when the server said so. */
export type StreamRefusal = { kind: "busy"; retryAfterMs: number } | { kind: "no-stream" };

/** When the server gives no usable Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 30_000;
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** Retry-After in seconds (the form the shop sends; an HTTP date is not worth the parsing here). */
export function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds < 0) return DEFAULT_RETRY_AFTER_MS;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(1_000, seconds * 1_000));
}

/** Calls `onData` with each event's data, in order, as a server-sent-events body arrives. */
async function readEvents(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let data: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, "");
      buffer = buffer.slice(end + 1);
      if (line === "") {
        if (data.length > 0) onData(data.join("\n"));
        data = [];
      } else if (line.startsWith("data:")) {
        data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
      }
      // Comments (heartbeats), `retry:`, `event:` and `id:` lines: nothing the page uses.
    }
  }
}

/**
 * Opens the stream at `url`: `onMessage` with each event's data; `onError` once when it ends or
 * cannot be had, with the refusal when the server refused it. Nothing is called after `close`.
 */
export function openFetchStream(
  url: string,
  onMessage: (data: string) => void,
  onError: (refusal?: StreamRefusal) => void,
  fetchFn: typeof fetch = fetch,
): { close: () => void } {
  const abort = new AbortController();
  let over = false;
  const finish = (refusal?: StreamRefusal) => {
    if (over) return;
    over = true;
    onError(refusal);
  };
  const run = async () => {
    const res = await fetchFn(url, { headers: { accept: "text/event-stream" }, cache: "no-store", signal: abort.signal });
    if (res.status === 200 && res.body) {
      await readEvents(res.body, (data) => {
        if (!over) onMessage(data);
      });
      return finish();
    }
    void res.body?.cancel().catch(() => undefined);
    if (res.status === 204) return finish({ kind: "no-stream" });
    if (res.status === 503) return finish({ kind: "busy", retryAfterMs: retryAfterMs(res.headers.get("retry-after")) });
    finish();
  };
  run().catch(() => finish());
  return {
    close: () => {
      over = true;
      abort.abort();
    },
  };
}
