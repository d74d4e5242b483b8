import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { callerOf, requireUser } from "@/lib/auth/session";
import { eventStream } from "@/lib/realtime/stream";
import { startLiveUpdatesInServer } from "@/lib/realtime/in-server";
import { streamsEnabled } from "@/lib/realtime/mode";

export const dynamic = "force-dynamic";

/** Waits for the listener's first LISTEN, a few seconds at most (a resync covers the rest). */
async function listening(listener: { ready: Promise<void> } | undefined): Promise<void> {
  if (!listener) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([listener.ready, new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))]);
  clearTimeout(timer);
}

/**
 * Live updates for the signed-in caller as server-sent events (product.md §7): admins hear of
 * every order, a customer of their own, everyone of menu changes. Asked for anything but
 * `text/event-stream` (not an EventSource), it says whether this server streams:
 * `{ live: "stream" | "poll" }`.
 */
export const GET = route(async (req) => {
  const user = await requireUser(req);
  const wantsStream = (req.headers.get("accept") ?? "").includes("text/event-stream");
  if (!wantsStream) return NextResponse.json({ live: streamsEnabled() ? "stream" : "poll" });
  // 204 tells an EventSource to stop for good: the page polls instead.
  if (!streamsEnabled()) return new Response(null, { status: 204 });
  // Normally listening since the server started (instrumentation.ts); otherwise the stream
  // opens once it is, so that what it misses before is only what the page read anyway.
  await listening(startLiveUpdatesInServer());
  return eventStream(user, { recheck: () => callerOf(req), signal: req.signal });
});
