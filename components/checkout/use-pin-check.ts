"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api, settle } from "@/lib/client/api-client";
import type { DeliveryCheck } from "@/lib/store/types";

/** How long typing must pause before a complete PIN is checked. */
const DEBOUNCE_MS = 300;

const isPin = (pin: string) => /^\d{6}$/.test(pin);

/**
 * The address step's "do we deliver there?": once the typed PIN has 6 digits (and typing has
 * paused) the server is asked, which decides; each PIN once per visit of the step. `ask` gives the
 * answer for a PIN now (Continue waits for it); null when the server could not be asked, and then
 * the order's own check decides.
 */
export function usePinCheck(typed: string) {
  const pin = typed.replace(/\s/g, "");
  const answers = useRef(new Map<string, Promise<DeliveryCheck | null>>());
  const [answer, setAnswer] = useState<{ pin: string; check: DeliveryCheck | null } | null>(null);

  const ask = useCallback((value: string): Promise<DeliveryCheck | null> => {
    const known = answers.current.get(value);
    if (known) return known;
    const asked = settle(api.checkPin(value)).then((reply) => {
      // A failure is not remembered: the next look asks again.
      if (!reply.ok) answers.current.delete(value);
      return reply.ok ? reply.data : null;
    });
    answers.current.set(value, asked);
    return asked;
  }, []);

  useEffect(() => {
    if (!isPin(pin)) return;
    let current = true;
    const timer = setTimeout(() => void ask(pin).then((check) => current && setAnswer({ pin, check })), DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [pin, ask]);

  const settled = isPin(pin) && answer?.pin === pin ? answer : null;
  return { pin, checking: isPin(pin) && !settled, check: settled?.check ?? null, ask };
}
