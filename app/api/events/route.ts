import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { callerOf, requireUser } from "@/lib/auth/session";
import { openEventStream } from "@/lib/realtime/stream";
import { listeningInThisServer } from "@/lib/realtime/in-server";
import { streamsEnabled } from "@/lib/realtime/mode";

/**
 * Live updates for the signed-in caller as server-sent events (product.md §7): admins hear of
 * every order, a customer of their own, everyone of menu changes. Asked for anything but
 * `text/event-stream` (not an EventSource), it says whether this server streams:
 * `{ live: "stream" | "poll" }`. A server with no room for another stream answers 503 with
 * Retry-After (lib/realtime/stream.ts).
 */
export const GET = route(async (req) => {
  const wantsStream = (req.headers.get("accept") ?? "").includes("text/event-stream");
  if (!wantsStream || !streamsEnabled()) {
    await requireUser(req);
    if (!wantsStream) return NextResponse.json({ live: streamsEnabled() ? "stream" : "poll" });
    // 204 tells an EventSource to stop for good: the page polls instead.
    return new Response(null, { status: 204 });
  }
  // Listening before the session is checked: the end of that session, announced meanwhile, is heard.
  await listeningInThisServer();
  return openEventStream(() => requireUser(req), { recheck: () => callerOf(req), signal: req.signal });
});
