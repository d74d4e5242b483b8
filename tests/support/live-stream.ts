import { NextRequest } from "next/server";
import { randomIp, type Caller } from "@/tests/support/api";
import { readEventStream, type EventLog } from "@/tests/support/event-stream";
import { waitFor } from "@/tests/support/wait";
import { GET as eventsRoute } from "@/app/api/events/route";
import type { WireEvent } from "@/lib/realtime/events";

// Opens GET /api/events through the real handler, as a browser's stream would, and reads it as
// it arrives. A stream the server accepts is returned once it said `ready`; every stream opened
// is added to `open` so the file can close them all at the end.

export type LiveLog = EventLog<WireEvent> & { text: string };

export async function openLiveStream(caller: Caller | undefined, open: LiveLog[]): Promise<LiveLog> {
  const abort = new AbortController();
  const req = new NextRequest("http://localhost:3000/api/events", {
    headers: { accept: "text/event-stream", "x-forwarded-for": randomIp(), ...caller?.headers },
    signal: abort.signal,
  });
  const res = await eventsRoute(req, { params: Promise.resolve({}) });
  if (res.status !== 200) {
    // A refusal is JSON: read whole, for the test to look at.
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      events: [],
      comments: 0,
      close: () => abort.abort(),
      ended: Promise.resolve(),
      text,
    };
  }
  const log = Object.assign(
    readEventStream<WireEvent>(res, () => abort.abort()),
    { text: "" },
  );
  open.push(log);
  await waitFor(() => log.events.some((e) => e.type === "ready"), { what: "the stream to open" });
  return log;
}

/** Whether the server has ended the stream (it may take a moment to be read). */
export async function hasEnded(log: LiveLog, withinMs = 0): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const over = await Promise.race([
    log.ended.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), withinMs))),
  ]);
  clearTimeout(timer);
  return over;
}
