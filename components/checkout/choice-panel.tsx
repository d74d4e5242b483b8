import type { ReactNode } from "react";
import { panelClass } from "@/components/ui/panel";

type Props = {
  /** The legend's id (the caller's useId), which names the radio group. */
  legendId: string;
  legend: string;
  /** The radio choices. */
  children: ReactNode;
  /** What follows the choices inside the panel (a note, the fields of a choice). */
  after?: ReactNode;
};

/** One of checkout's choices (delivery time, payment method): a panel of radios under its legend. */
export function ChoicePanel({ legendId, legend, children, after }: Props) {
  return (
    <fieldset className={panelClass()}>
      <legend id={legendId} className="px-1 text-lg font-bold">
        {legend}
      </legend>
      <div role="radiogroup" aria-labelledby={legendId} className="mt-2 grid gap-2">
        {children}
      </div>
      {after}
    </fieldset>
  );
}
