"use client";

import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { asapChoiceWords, closedMessage, fullyBookedMessage } from "@/lib/store/words";
import { formatIndiaDay, formatIndiaSpan, indiaInstant } from "@/lib/time";
import type { StoreState } from "@/lib/store/types";
import { ChoicePanel } from "@/components/checkout/choice-panel";
import type { DeliveryChoice, DeliveryTime } from "@/components/checkout/use-delivery-time";

/** Why ASAP cannot be had now, in the shop's words; null while it can (or the state is not read yet). */
function asapUnavailableWhy(store: StoreState | null, now: Date): string | null {
  if (!store || store.asap.available) return null;
  if (store.paused || !store.open) return closedMessage(store, now);
  return fullyBookedMessage(store.daysAhead);
}

/** "Today, Fri 27 Nov", "Tomorrow, Sat 28 Nov", "Sun 29 Nov". */
function dayLabel(date: string, index: number): string {
  const day = formatIndiaDay(indiaInstant(date, 12 * 60));
  return index === 0 ? `Today, ${day}` : index === 1 ? `Tomorrow, ${day}` : day;
}

const selectClass =
  "w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30";

/** A labelled select of the scheduling fields; `id` from the picker's useId. */
function SelectField({ id, label, children, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select id={id} className={selectClass} {...props}>
        {children}
      </select>
    </div>
  );
}

function Choice({
  value,
  checked,
  disabled,
  onChoose,
  label,
  about,
}: {
  value: DeliveryChoice;
  checked: boolean;
  disabled?: boolean;
  onChoose: (value: DeliveryChoice) => void;
  label: ReactNode;
  about?: string | null;
}) {
  const aboutId = useId();
  return (
    <div className="rounded-lg border border-stone-300 px-3 py-2.5 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:bg-stone-50">
      <label className={`flex items-center gap-3 ${disabled ? "cursor-not-allowed text-stone-500" : "cursor-pointer"}`}>
        <input
          type="radio"
          name="deliveryTime"
          value={value}
          checked={checked}
          disabled={disabled}
          onChange={() => onChoose(value)}
          aria-describedby={about ? aboutId : undefined}
          className="h-4 w-4 accent-brand-700"
        />
        <span className="font-medium">{label}</span>
      </label>
      {about && (
        <p id={aboutId} className="mt-1 ml-7 text-sm text-stone-700">
          {about}
        </p>
      )}
    </div>
  );
}

/** "As soon as possible (by 1:45 pm)" or Schedule with a day and a slot (full slots shown, disabled). */
export function DeliveryTimePicker({ time }: { time: DeliveryTime }) {
  const legendId = useId();
  const dayId = useId();
  const slotId = useId();
  const emptyId = useId();
  const { store, now, chosen, slots } = time;
  const why = asapUnavailableWhy(store, now);
  const promise = store?.asap.available ? asapChoiceWords(store.asap.promisedBy, now) : "As soon as possible";
  const noSlots = slots !== null && !slots.failed && slots.offers.length === 0;

  /** Scheduling's day and slot, under the choices. */
  const schedule = chosen === "schedule" && (
    <div className="mt-4 grid gap-3 sm:grid-cols-2">
      <SelectField id={dayId} label="Day" value={time.date} onChange={(e) => time.chooseDate(e.target.value)}>
        {time.dates.map((date, i) => (
          <option key={date} value={date}>
            {dayLabel(date, i)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={slotId}
        label="Delivery slot"
        value={time.slot}
        onChange={(e) => time.chooseSlot(e.target.value)}
        disabled={slots === null || noSlots}
        aria-describedby={noSlots || slots?.failed ? emptyId : undefined}
      >
        <option value="">{slots === null ? "Loading slots…" : "Choose a slot"}</option>
        {slots?.offers.map((o) => (
          <option key={o.start} value={o.start} disabled={!o.available}>
            {formatIndiaSpan(o.start, o.end)}
            {o.available ? "" : " (full)"}
          </option>
        ))}
      </SelectField>
      {(noSlots || slots?.failed) && (
        <p id={emptyId} role="status" className="text-sm text-stone-700 sm:col-span-2">
          {slots?.failed
            ? "The delivery slots could not be loaded. Please try again."
            : "No delivery slots are left on this day. Please choose another day."}
        </p>
      )}
    </div>
  );

  return (
    <ChoicePanel legendId={legendId} legend="Delivery time" after={schedule}>
      <Choice value="asap" checked={chosen === "asap"} disabled={!time.asapAvailable} onChoose={time.choose} label={promise} about={why} />
      <Choice
        value="schedule"
        checked={chosen === "schedule"}
        onChoose={time.choose}
        label="Schedule"
        about="Choose a day and a delivery slot."
      />
    </ChoicePanel>
  );
}
