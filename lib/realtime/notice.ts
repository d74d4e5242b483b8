import { isOrderStatus, type OrderStatus } from "@/lib/orders/status";
import type { LiveEvent } from "@/lib/realtime/events";

// What PostgreSQL announces on LIVE_CHANNEL (the triggers in the migrations
// 20261123170000_order_history_and_live_events, 20261127120000_session_end_notices and
// 20261203210000_rider_notices), and who may hear of it. Pure: unit-tested.

export const LIVE_CHANNEL = "fresh_bowl_events";

/**
 * A change announced by the database. `userId` (the order's owner) decides who hears of it and
 * never leaves the server. `session`: that user's sessions ended or their role changed, so their
 * streams close (the browser reconnects and is authorised afresh).
 */
export type Notice =
  | { type: "order"; id: string; userId: string; status: OrderStatus; riderIds: readonly string[] }
  | { type: "menu" }
  | { type: "riders" }
  | { type: "session"; userId: string };

/** What a stream passes on to its viewer (filtered by eventFor). */
export type Announcement = Exclude<Notice, { type: "session" }> | { type: "resync" };

/** The trigger's JSON payload; null for anything else (a payload this server does not know is ignored, not fatal). */
export function parseNotice(payload: string | undefined): Notice | null {
  if (!payload) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (v.type === "menu") return { type: "menu" };
  if (v.type === "riders") return { type: "riders" };
  if (v.type === "session" && typeof v.userId === "string") return { type: "session", userId: v.userId };
  if (v.type === "order" && typeof v.id === "string" && typeof v.userId === "string" && isOrderStatus(v.status)) {
    return { type: "order", id: v.id, userId: v.userId, status: v.status, riderIds: stringsOf(v.riderIds) };
  }
  return null;
}

/** The riders an order notice names (its rider now, and the one it was taken from); none in a notice from before riders. */
function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export type Viewer = { id: string; role: string };

/**
 * What `viewer` hears of `notice`: admins every order, a customer only their own, a rider the
 * orders given to them or taken from them (product.md §12); admins the riders; everyone the
 * menu. Null when they may not hear of it at all.
 */
export function eventFor(viewer: Viewer, notice: Announcement): LiveEvent | null {
  if (notice.type === "riders") return viewer.role === "admin" ? notice : null;
  if (notice.type !== "order") return notice;
  if (viewer.role !== "admin" && notice.userId !== viewer.id && !notice.riderIds.includes(viewer.id)) return null;
  return { type: "order", id: notice.id, status: notice.status };
}
