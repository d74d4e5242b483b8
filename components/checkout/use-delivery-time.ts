"use client";

import { useEffect, useState } from "react";
import { api, settle } from "@/lib/client/api-client";
import { addDays, indiaWallClock } from "@/lib/time";
import type { ErrorCode } from "@/lib/error-codes";
import type { SlotOffer, StoreState } from "@/lib/store/types";

// When the order is to arrive (product.md §9): as soon as possible, or a slot the customer picks
// on one of the days orders may be scheduled for. The shop's state and the slots are the server's
// (GET /api/store, GET /api/slots); the state is read again every minute, since the ASAP promise
// moves with the clock.

export type DeliveryChoice = "asap" | "schedule";

/** The slots of one India date, as the server offered them; `failed` when they could not be read. */
export type DaySlots = { date: string; offers: SlotOffer[]; failed: boolean };

const STATE_EVERY_MS = 60_000;

export function useDeliveryTime() {
  const [store, setStore] = useState<StoreState | null>(null);
  const [now, setNow] = useState(() => new Date());
  const [choice, setChoice] = useState<DeliveryChoice>("asap");
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [daySlots, setDaySlots] = useState<DaySlots | null>(null);
  const [slot, setSlot] = useState("");
  const [slotsAsked, setSlotsAsked] = useState(0);

  const [stateAsked, setStateAsked] = useState(0);

  useEffect(() => {
    let current = true;
    const read = () =>
      void settle(api.store()).then((reply) => {
        if (!current || !reply.ok) return;
        setStore(reply.data);
        setNow(new Date());
      });
    read();
    const timer = setInterval(read, STATE_EVERY_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [stateAsked]);

  const today = indiaWallClock(now).dateKey;
  const dates = Array.from({ length: (store?.daysAhead ?? 0) + 1 }, (_, i) => addDays(today, i));
  const date = chosenDate && dates.includes(chosenDate) ? chosenDate : today;
  const asapAvailable = store ? store.asap.available : true;
  // While ASAP cannot be had (closed, paused, fully booked) the choice is a slot.
  const chosen: DeliveryChoice = choice === "asap" && !asapAvailable ? "schedule" : choice;

  useEffect(() => {
    if (chosen !== "schedule") return;
    let current = true;
    void settle(api.slots(date)).then((reply) => {
      if (current) setDaySlots({ date, offers: reply.ok ? reply.data : [], failed: !reply.ok });
    });
    return () => {
      current = false;
    };
  }, [chosen, date, slotsAsked]);

  const shown = daySlots?.date === date ? daySlots : null;
  const picked = shown?.offers.find((o) => o.start === slot && o.available) ?? null;

  return {
    store,
    now,
    chosen,
    asapAvailable,
    dates,
    date,
    /** The chosen date's slots; null while they are being read. */
    slots: shown,
    slot: picked?.start ?? "",
    /** What POST /api/orders gets as `deliverAt`; null while Schedule has no slot chosen. */
    deliverAt: chosen === "asap" ? ("asap" as const) : (picked?.start ?? null),
    choose: setChoice,
    // Picking a day or a slot is choosing Schedule, so the minute's re-read of the shop's state
    // never swaps a picked slot for ASAP when ASAP comes back.
    chooseDate: (value: string) => {
      setChoice("schedule");
      setChosenDate(value);
      setSlot("");
    },
    chooseSlot: (value: string) => {
      setChoice("schedule");
      setSlot(value);
    },
    /** After the server refused the time: show why and what can be had now. */
    refused: (code: ErrorCode) => {
      if (code === "closed" || code === "fully_booked") {
        if (code === "closed") setChoice("schedule");
        setStateAsked((n) => n + 1);
      }
      if (code === "slot_full" || code === "invalid_slot") {
        setSlot("");
        setSlotsAsked((n) => n + 1);
      }
    },
  };
}

export type DeliveryTime = ReturnType<typeof useDeliveryTime>;
