"use client";

import { useEffect, useRef } from "react";
import { nextDueAt } from "@/lib/orders/kitchen-promise";
import type { KitchenBoard } from "@/lib/orders/kitchen-board";

/** If the server still holds a ticket back when this clock says it is due (clocks a little apart), asking again after this long. */
const ASK_AGAIN_MS = 30_000;

/**
 * Brings a Later ticket into its column once its slot starts within the preparation time, by the
 * display's ticking clock: the whole board is read again, and the server, which splits the two,
 * puts it where it now belongs.
 */
export function useDueLater(board: Pick<KitchenBoard, "later" | "prepMinutes">, now: number, resync: () => void): void {
  const due = nextDueAt(board.later.tickets, board.prepMinutes);
  const askedAt = useRef<number | null>(null);
  useEffect(() => {
    if (due === null || now < due) return;
    if (askedAt.current !== null && askedAt.current >= due && now - askedAt.current < ASK_AGAIN_MS) return;
    askedAt.current = now;
    resync();
  }, [due, now, resync]);
}
