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
  // Text as it arrives; a frame ends at a blank line.
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  log.close = () => {
    abort();
    void reader.cancel().catch(() => undefined);
  };
  const take = (frame: string) => {
    for (const line of frame.split("\n")) {
      if (line.startsWith("data: ")) log.events.push(JSON.parse(line.slice(6)) as T);
      else if (line.startsWith(":")) log.comments += 1;
    }
  };
  log.ended = (async () => {
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const frames = (buffer + read.value).split("\n\n");
        buffer = frames.pop() ?? "";
        frames.forEach(take);
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return log;
}
