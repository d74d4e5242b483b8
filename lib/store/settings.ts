import "server-only";
import { db, pool } from "@/lib/db";
import { namedStatement, runIn } from "@/lib/db/named-sql";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_SETTINGS } from "@/lib/store/rules";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
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

/** The row as the order path reads it with plain `pg` (lib/store/terms.ts): times as epoch milliseconds. */
export type StoreRow = StoreSettings & { paused: boolean; pausedUntilMs: number | null; pauseReason: string | null };

/** The settings and the pause in force at `now` of a row read with plain `pg`; none (a fresh install): the defaults. A pause whose time has passed is none. */
export function storeOf(row: StoreRow | null, now: Date): Store {
  if (!row) return { settings: DEFAULT_SETTINGS, pause: null };
  const { paused, pausedUntilMs, pauseReason, ...settings } = row;
  const until = pausedUntilMs === null ? null : new Date(pausedUntilMs);
  const inForce = paused && (!until || until.getTime() > now.getTime());
  return { settings, pause: inForce ? { until, reason: pauseReason } : null };
}

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

/** The store row as one JSON value, for plain `pg` reads (here and lib/store/terms.ts): times as epoch milliseconds. */
export const STORE_ROW_SQL = `(SELECT row_to_json(s) FROM (
  SELECT hours, closed_dates AS "closedDates", slot_minutes AS "slotMinutes", orders_per_slot AS "ordersPerSlot",
         prep_minutes AS "prepMinutes", days_ahead AS "daysAhead", paused_at IS NOT NULL AS paused,
         (extract(epoch FROM paused_until) * 1000)::float8 AS "pausedUntilMs", pause_reason AS "pauseReason"
  FROM store_settings WHERE id = ${STORE_ID}) s)`;

const STORE = namedStatement("store-read", `SELECT ${STORE_ROW_SQL} AS store`);

/** The settings and the pause in force at `now`. */
export async function readStore(now: Date = new Date()): Promise<Store> {
  const { rows } = await pool().query<{ store: StoreRow | null }>(STORE({}));
  return storeOf(rows[0]?.store ?? null, now);
}

/** The store row's columns for `settings`. */
function columnsOf(settings: StoreSettings) {
  return { ...settings, hours: settings.hours as Prisma.InputJsonValue };
}

const LOCK_SETTINGS = namedStatement("store-lock-settings", `SELECT 1 FROM store_settings WHERE id = :id FOR UPDATE`);

/** Applies `patch` (any subset; a weekday left out of `hours` keeps its ranges); the settings after. Admins only. */
export async function updateSettings(admin: SessionUser, patch: StoreSettingsPatch): Promise<StoreSettings> {
  assertAdmin(admin);
  return db().$transaction(async (tx) => {
    // The row first (the fresh install's, if none yet), then FOR UPDATE: two admins saving at
    // once, even the very first time, each merge into what the other saved.
    await tx.storeSettings.createMany({ data: [{ id: STORE_ID, ...columnsOf(DEFAULT_SETTINGS) }], skipDuplicates: true });
    await runIn(tx, LOCK_SETTINGS({ id: STORE_ID }));
    const current = settingsOf(await tx.storeSettings.findUnique({ where: { id: STORE_ID } }));
    const next: StoreSettings = {
      ...current,
      ...patch,
      hours: { ...current.hours, ...patch.hours },
    } as StoreSettings;
    return settingsOf(await tx.storeSettings.update({ where: { id: STORE_ID }, data: columnsOf(next) }));
  });
}

/** Pauses new ASAP orders from `now` for `minutes`, or until reopened. Admins only. */
export async function pauseStore(admin: SessionUser, { minutes, reason }: PauseInput, now: Date = new Date()): Promise<ActivePause> {
  assertAdmin(admin);
  const until = minutes ? new Date(now.getTime() + minutes * 60_000) : null;
  const pause = { pausedAt: now, pausedUntil: until, pauseReason: reason };
  await db().storeSettings.upsert({
    where: { id: STORE_ID },
    create: { id: STORE_ID, ...columnsOf(DEFAULT_SETTINGS), ...pause },
    update: pause,
  });
  return { until, reason };
}

/** Takes ASAP orders again. Admins only. */
export async function reopenStore(admin: SessionUser): Promise<void> {
  assertAdmin(admin);
  await db().storeSettings.updateMany({ where: { id: STORE_ID }, data: { pausedAt: null, pausedUntil: null, pauseReason: null } });
}
