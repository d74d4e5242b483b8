// Reads a server-sent-events reply as it arrives: every `data:` frame parsed as JSON, kept in
// order, so a test can wait for an event (waitFor) and check what else came. Shared by the
// in-process stream tests and the two-instance test (which reads a real HTTP reply).

export type EventLog<T = unknown> = {
  status: number;
  headers: Headers;
  events: T[];
  /** Comment lines received (heartbeats). */
  comments: number;
  /** Ends the reading (and, for fetch, the request). */
  close: () => void;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
};

export function readEventStream<T = unknown>(res: Response, abort: () => void): EventLog<T> {
  const log: EventLog<T> = { status: res.status, headers: res.headers, events: [], comments: 0, close: abort, ended: Promise.resolve() };
  if (!res.body) return log;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  log.close = () => {
    abort();
    void reader.cancel().catch(() => undefined);
  };
  log.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split("\n")) {
            if (line.startsWith("data: ")) log.events.push(JSON.parse(line.slice(6)) as T);
            else if (line.startsWith(":")) log.comments += 1;
          }
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return log;
}
