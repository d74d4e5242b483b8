"use client";

import { useId } from "react";
import { formatRupees } from "@/lib/money";
import { chosenIn } from "@/lib/cart/options";
import type { OptionGroup } from "@/lib/menu/types";

// One option group of the chooser (product.md §8): radios when at most one may be chosen,
// checkboxes otherwise, with its rule spelled out in the legend.

/** "Required, choose 1", "Optional, up to 3", "Required, choose 1 to 2". */
function groupRule({ min, max }: Pick<OptionGroup, "min" | "max">): string {
  if (min === 0) return max === 1 ? "Optional, choose up to 1" : `Optional, up to ${max}`;
  return min === max ? `Required, choose ${min}` : `Required, choose ${min} to ${max}`;
}

type Props = {
  group: OptionGroup;
  selected: ReadonlySet<string>;
  onToggle: (group: OptionGroup, choiceId: string, on: boolean) => void;
};

export function ChoiceGroup({ group, selected, onToggle }: Props) {
  const id = useId();
  const single = group.max === 1;
  const full = !single && chosenIn(group, selected) >= group.max;
  // An optional single choice needs a way back to none, which a radio alone cannot give.
  const noneChosen = group.choices.every((c) => !selected.has(c.id));

  return (
    <fieldset className="rounded-xl border border-stone-200 p-3" aria-describedby={`${id}-rule`}>
      <legend className="px-1 font-semibold text-stone-900">
        {group.name}
        {group.min > 0 && (
          <span className="ml-1 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <p id={`${id}-rule`} className="mb-2 text-xs text-stone-600">
        {groupRule(group)}
        {full ? ` · ${group.max} chosen, the most you can` : ""}
      </p>
      <ul className="space-y-1.5">
        {single && group.min === 0 && (
          <li>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={id}
                checked={noneChosen}
                onChange={() => group.choices.forEach((c) => onToggle(group, c.id, false))}
                className="h-4 w-4 accent-brand-700"
              />
              None
            </label>
          </li>
        )}
        {group.choices.map((choice) => {
          const checked = selected.has(choice.id);
          const disabled = !choice.available || (full && !checked);
          return (
            <li key={choice.id}>
              <label className={`flex items-center gap-2 text-sm ${disabled ? "text-stone-500" : "text-stone-900"}`}>
                <input
                  type={single ? "radio" : "checkbox"}
                  name={id}
                  value={choice.id}
                  checked={checked}
                  disabled={disabled}
                  onChange={(e) => onToggle(group, choice.id, e.target.checked)}
                  className="h-4 w-4 accent-brand-700"
                />
                <span className="flex-1">
                  {choice.name}
                  {!choice.available && <span className="ml-1 font-semibold">(sold out)</span>}
                </span>
                {choice.price > 0 && <span className="shrink-0 tabular-nums">+{formatRupees(choice.price)}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
