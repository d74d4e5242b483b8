import "server-only";
import { env } from "@/lib/env";

// Whether this server holds live streams. `LIVE_UPDATES=poll` (a serverless host, where a
// function cannot hold a stream or a listening connection): GET /api/events answers 204, which
// tells a browser's EventSource to stop, and the pages poll instead (use-live-events.ts).
export function streamsEnabled(): boolean {
  return env().liveStreams;
}
