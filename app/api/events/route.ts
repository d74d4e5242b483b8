import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { callerOf, requireUser } from "@/lib/auth/session";
import { eventStream } from "@/lib/realtime/stream";
import { listeningInThisServer } from "@/lib/realtime/in-server";
import { streamsEnabled } from "@/lib/realtime/mode";

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
  await listeningInThisServer();
  return eventStream(user, { recheck: () => callerOf(req), signal: req.signal });
});
