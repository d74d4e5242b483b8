import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_SETTINGS } from "@/lib/store/rules";
import type { OpeningHours, SlotMinutes, StoreSettings } from "@/lib/store/types";
import type { PauseInput, StoreSettingsPatch } from "@/lib/store/schema";

// The shop's settings and pause in PostgreSQL (product.md §9): one row, absent on a fresh
// install, which then runs on DEFAULT_SETTINGS. Read fresh wherever it decides something (an
// order, the store's state), so a pause or a change of hours holds from the next request on
// every instance.

/** A pause in force: since when, until when (null: until reopened) and why. */
export type ActivePause = { until: Date | null; reason: string | null };

export type Store = { settings: StoreSettings; pause: ActivePause | null };

type Row = Prisma.StoreSettingsGetPayload<object>;

const STORE_ID = 1;

function settingsOf(row: Row | null): StoreSettings {
  if (!row) return DEFAULT_SETTINGS;
  return {
    hours: row.hours as OpeningHours,
    closedDates: row.closedDates,
    slotMinutes: row.slotMinutes as SlotMinutes,
    ordersPerSlot: row.ordersPerSlot,
    prepMinutes: row.prepMinutes,
    daysAhead: row.daysAhead,
  };
}

/** The pause of `row` if it is in force at `now`; a pause whose time has passed is none. */
function pauseOf(row: Row | null, now: Date): ActivePause | null {
  if (!row?.pausedAt) return null;
  if (row.pausedUntil && row.pausedUntil.getTime() <= now.getTime()) return null;
  return { until: row.pausedUntil, reason: row.pauseReason };
}

/** The settings and the pause in force at `now`. */
export async function readStore(now: Date = new Date()): Promise<Store> {
  const row = await db().storeSettings.findUnique({ where: { id: STORE_ID } });
  return { settings: settingsOf(row), pause: pauseOf(row, now) };
}

/** The store row's columns for `settings`. */
function columnsOf(settings: StoreSettings) {
  return { ...settings, hours: settings.hours as Prisma.InputJsonValue };
}

/** Applies `patch` (any subset; a weekday left out of `hours` keeps its ranges); the settings after. */
export async function updateSettings(patch: StoreSettingsPatch): Promise<StoreSettings> {
  return db().$transaction(async (tx) => {
    // The row first (the fresh install's, if none yet), then FOR UPDATE: two admins saving at
    // once, even the very first time, each merge into what the other saved.
    await tx.storeSettings.createMany({ data: [{ id: STORE_ID, ...columnsOf(DEFAULT_SETTINGS) }], skipDuplicates: true });
    await tx.$executeRaw`SELECT 1 FROM store_settings WHERE id = ${STORE_ID} FOR UPDATE`;
    const current = settingsOf(await tx.storeSettings.findUnique({ where: { id: STORE_ID } }));
    const next: StoreSettings = {
      ...current,
      ...patch,
      hours: { ...current.hours, ...patch.hours },
    } as StoreSettings;
    return settingsOf(await tx.storeSettings.update({ where: { id: STORE_ID }, data: columnsOf(next) }));
  });
}

/** Pauses new ASAP orders from `now` for `minutes`, or until reopened. */
export async function pauseStore({ minutes, reason }: PauseInput, now: Date = new Date()): Promise<ActivePause> {
  const until = minutes ? new Date(now.getTime() + minutes * 60_000) : null;
  const pause = { pausedAt: now, pausedUntil: until, pauseReason: reason };
  await db().storeSettings.upsert({
    where: { id: STORE_ID },
    create: { id: STORE_ID, ...columnsOf(DEFAULT_SETTINGS), ...pause },
    update: pause,
  });
  return { until, reason };
}

/** Takes ASAP orders again. */
export async function reopenStore(): Promise<void> {
  await db().storeSettings.updateMany({ where: { id: STORE_ID }, data: { pausedAt: null, pausedUntil: null, pauseReason: null } });
}
