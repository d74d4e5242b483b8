import "server-only";
import type { Announcement, Notice, Viewer } from "@/lib/realtime/notice";

// The fan-out inside one server instance: the one database listener (listener.ts) publishes,
// every open stream (stream.ts) takes a seat here. Seats are indexed by user and admins apart,
// so a notice reaches only the streams it concerns: an order its owner's, its riders' and the
// admins', the end of a session that user's. On globalThis, because Next bundles instrumentation.ts (which
// starts the listener) and the route handlers apart: module state is not shared between them,
// the process's global object is.

/**
 * Streams one user may hold on one instance; a newer one closes their oldest. Per instance: the
 * instances share no count (a stream lives in one process), so behind a load balancer a user
 * may hold this many on each. That still bounds each process, which is what the cap protects.
 */
export const STREAMS_PER_USER = 5;

export type HubMessage = Notice | { type: "resync" } | { type: "shutdown" };

/** Why the hub ends a stream: a newer stream of the same user took its place, the session ended or changed, the server stops. */
export type EndReason = "superseded" | "session" | "shutdown";

export type Seat = {
  viewer: Viewer;
  take: (message: Announcement) => void;
  end: (why: EndReason) => void;
};

type Hub = {
  byUser: Map<string, Set<Seat>>;
  admins: Set<Seat>;
  size: number;
  /** Users whose sessions ended while a stream's session was being checked (watchSessionEnds). */
  watches: Set<Set<string>>;
};

const globalForHub = globalThis as unknown as { freshBowlLiveStreams?: Hub };

function hub(): Hub {
  globalForHub.freshBowlLiveStreams ??= { byUser: new Map(), admins: new Set(), size: 0, watches: new Set() };
  return globalForHub.freshBowlLiveStreams;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One broken stream must not keep the others from hearing. */
function safely(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.warn(`[live] a stream failed to take an event: ${message(error)}`);
  }
}

function leave(seat: Seat): void {
  const h = hub();
  const mine = h.byUser.get(seat.viewer.id);
  if (!mine?.delete(seat)) return;
  if (mine.size === 0) h.byUser.delete(seat.viewer.id);
  h.admins.delete(seat);
  h.size -= 1;
}

function endSeat(seat: Seat, why: EndReason): void {
  leave(seat);
  safely(() => seat.end(why));
}

/** Most seats kept for admins under an instance's cap. */
const ADMIN_SEATS = 20;

/**
 * Seats under a cap of `maxStreams` that only admins may take (issue 32, L8): a crowd of
 * customers' streams filling the instance must not leave the kitchen display polling. One in 20,
 * at least 1 and at most ADMIN_SEATS; none under a cap of 1.
 */
export function adminSeats(maxStreams: number): number {
  return maxStreams > 1 ? Math.min(ADMIN_SEATS, Math.max(1, Math.floor(maxStreams / 20))) : 0;
}

/**
 * Seats a stream; returns how it leaves, or null when this instance already holds `maxStreams`,
 * or, for a customer, when customers hold all but the admins' seats (adminSeats). A user at STREAMS_PER_USER gives up their
 * oldest stream for the new one (which then takes its place under the instance's cap too).
 */
export function admit(seat: Seat, maxStreams: number): (() => void) | null {
  const h = hub();
  const mine = h.byUser.get(seat.viewer.id) ?? new Set<Seat>();
  const customers = h.size - h.admins.size;
  const full = h.size >= maxStreams || (seat.viewer.role !== "admin" && customers >= maxStreams - adminSeats(maxStreams));
  if (mine.size < STREAMS_PER_USER && full) return null;
  // Insertion order: the first is the oldest.
  for (const oldest of mine) {
    if (mine.size < STREAMS_PER_USER) break;
    endSeat(oldest, "superseded");
  }
  mine.add(seat);
  h.byUser.set(seat.viewer.id, mine);
  if (seat.viewer.role === "admin") h.admins.add(seat);
  h.size += 1;
  return () => leave(seat);
}

export function publish(notice: HubMessage): void {
  const h = hub();
  switch (notice.type) {
    case "order": {
      for (const seat of h.admins) safely(() => seat.take(notice));
      // Its owner's streams and its riders' (product.md §12), each once.
      for (const userId of new Set([notice.userId, ...notice.riderIds])) {
        for (const seat of h.byUser.get(userId) ?? []) {
          if (!h.admins.has(seat)) safely(() => seat.take(notice));
        }
      }
      return;
    }
    case "riders": {
      for (const seat of h.admins) safely(() => seat.take(notice));
      return;
    }
    case "session": {
      for (const seat of [...(h.byUser.get(notice.userId) ?? [])]) endSeat(seat, "session");
      for (const ended of h.watches) ended.add(notice.userId);
      return;
    }
    case "shutdown": {
      for (const seats of [...h.byUser.values()]) for (const seat of [...seats]) endSeat(seat, "shutdown");
      return;
    }
    default: {
      for (const seats of h.byUser.values()) for (const seat of seats) safely(() => seat.take(notice));
    }
  }
}

/**
 * Notes whose sessions end from now until `stop`: a stream is authorised by a query, and the
 * end of that very session may be announced while the query runs, before the stream has a seat
 * to be closed by.
 */
export function watchSessionEnds(): { ended: (userId: string) => boolean; stop: () => void } {
  const ended = new Set<string>();
  const { watches } = hub();
  watches.add(ended);
  return { ended: (userId) => ended.has(userId), stop: () => void watches.delete(ended) };
}

/** Open streams in this process (for tests and the log). */
export function subscriberCount(): number {
  return hub().size;
}
