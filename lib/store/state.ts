import "server-only";
import { INDIA_TIME_ZONE } from "@/lib/time";
import { isWithinHours, nextWithinHours } from "@/lib/store/rules";
import { readStore, type ActivePause, type Store } from "@/lib/store/settings";
import { nextAsapSlot } from "@/lib/store/slots";
import type { StoreState } from "@/lib/store/types";

// The shop's state now (GET /api/store, the header and landing page): open or not, paused or
// not, when it opens next, and what an ASAP order placed now would be promised.

/** Whether ASAP orders are taken at `now`: inside the hours of a day that is not closed, not paused. */
export function isOpen({ settings, pause }: Store, now: Date): boolean {
  return !pause && isWithinHours(settings, now);
}

/** When ASAP orders are taken next: after the pause (null while paused until reopened), inside the hours. */
export function nextOpenAt({ settings, pause }: Store, now: Date): Date | null {
  if (pause && !pause.until) return null;
  const from = pause?.until && pause.until.getTime() > now.getTime() ? pause.until : now;
  return nextWithinHours(settings, from);
}

const pauseJson = (pause: ActivePause | null) => pause && { until: pause.until?.toISOString() ?? null, reason: pause.reason };

export async function storeState(now: Date = new Date()): Promise<StoreState> {
  const store = await readStore(now);
  const open = isOpen(store, now);
  const slot = open ? await nextAsapSlot(store.settings, now) : null;
  return {
    ...store.settings,
    timezone: INDIA_TIME_ZONE,
    open,
    paused: pauseJson(store.pause),
    nextOpenAt: open ? null : (nextOpenAt(store, now)?.toISOString() ?? null),
    asap: slot ? { available: true, promisedBy: slot.end.toISOString() } : { available: false },
  };
}
