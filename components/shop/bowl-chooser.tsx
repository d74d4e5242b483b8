"use client";

import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { useController, useForm, useWatch } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { useCart } from "@/lib/cart/store";
import { MAX_NOTE_LENGTH } from "@/lib/orders/limits";
import { chosenLine, defaultSelection, toggleChoice, unitPriceOf, unmetGroups } from "@/lib/cart/options";
import { formatRupees } from "@/lib/money";
import { PORTIONS, portionLabel, type PortionKey } from "@/lib/portions";
import type { ApiMenuItem, OptionGroup } from "@/lib/menu/types";
import { buttonClass } from "@/components/ui/button";
import { DietMark } from "@/components/ui/diet-mark";
import { ChoiceGroup } from "@/components/shop/choice-group";

// "Customise" (product.md §8): the portion, the option groups, a note for the kitchen and the
// running price, in a modal <dialog>. Loaded only when a customer first asks for it
// (add-to-cart.tsx imports it on click), with the item's current options from GET /api/menu.

type ChoosableItem = Pick<ApiMenuItem, "id" | "name" | "image" | "prices" | "diet" | "optionGroups">;

type Props = { item: ChoosableItem; portion: PortionKey; onClose: () => void };

// The chosen choice ids as an array: react-hook-form keeps plain values.
type ChooserValues = { portion: PortionKey; selected: string[]; note: string };

export type OpenChooser = { Chooser: typeof BowlChooser; item: ChoosableItem };

/** The item as the menu serves it now (sold-out choices included); null when it cannot be read or is not on sale. */
export async function openChooser(id: string): Promise<OpenChooser | null> {
  try {
    const res = await fetch("/api/menu", { headers: { accept: "application/json" } });
    if (!res.ok) return null;
    const item = ((await res.json()) as ApiMenuItem[]).find((i) => i.id === id);
    if (!item?.available || !Array.isArray(item.optionGroups)) return null;
    return { Chooser: BowlChooser, item };
  } catch {
    return null;
  }
}

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])";

/**
 * Tab and Shift+Tab go round inside the dialog: showModal() makes the page behind it inert but
 * lets focus leave for the browser's own controls. The first and last stops are the close
 * button and the add button (or the note while adding is not possible).
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const all = event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE);
  const first = all[0];
  const last = all[all.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function BowlChooser({ item, portion: initialPortion, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const groups: OptionGroup[] = item.optionGroups;
  const { control, register, handleSubmit, getValues } = useForm<ChooserValues>({
    defaultValues: { portion: initialPortion, selected: [...defaultSelection(groups)], note: "" },
  });
  // The groups' rules (min and max) are the form's validation of the selection.
  const { field: selection } = useController({
    control,
    name: "selected",
    rules: { validate: (ids) => unmetGroups(groups, new Set(ids)).length === 0 },
  });
  const id = useId();
  const portion = useWatch({ control, name: "portion" });
  const note = useWatch({ control, name: "note" });
  const selected = new Set(selection.value);
  const price = unitPriceOf(item.prices[portion], groups, selected);
  const unmet = unmetGroups(groups, selected);
  const left = MAX_NOTE_LENGTH - note.length;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Start on the chosen portion, the first thing to decide.
    dialog?.querySelector<HTMLElement>("input[type=radio]:checked")?.focus();
  }, []);

  // Closed first: while the modal is open the page behind it is inert, and the caller's focus
  // on the Customise button would not take.
  function close() {
    dialogRef.current?.close();
    onClose();
  }

  function add(values: ChooserValues) {
    useCart.getState().add(chosenLine(item, values.portion, new Set(values.selected), values.note.slice(0, MAX_NOTE_LENGTH)));
    toast.success(`${item.name} added to cart`);
    close();
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onKeyDown={keepFocusInside}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-lg overflow-y-auto rounded-2xl border border-stone-200 bg-white p-4 text-stone-900 shadow-xl backdrop:bg-stone-900/50 sm:p-5"
    >
      <form method="dialog" onSubmit={(e) => void handleSubmit(add)(e)} className="space-y-4">
        <div className="flex items-start gap-2">
          <DietMark diet={item.diet} className="mt-1.5 h-4 w-4" />
          <h2 id={`${id}-title`} className="flex-1 text-xl leading-snug font-bold">
            {item.name}
          </h2>
          <button type="button" onClick={close} className={buttonClass({ variant: "ghost", size: "sm" })} aria-label="Close">
            <span aria-hidden="true">✕</span>
          </button>
        </div>

        <fieldset className="rounded-xl border border-stone-200 p-3">
          <legend className="px-1 font-semibold">Portion</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1.5">
            {PORTIONS.map((p) => (
              <label key={p.key} className="flex items-center gap-2 text-sm">
                <input type="radio" value={p.key} {...register("portion")} className="h-4 w-4 accent-brand-700" />
                {portionLabel(p.key)} · {formatRupees(item.prices[p.key])}
              </label>
            ))}
          </div>
        </fieldset>

        {groups.map((group) => (
          <ChoiceGroup
            key={group.id}
            group={group}
            selected={selected}
            // From the form's latest value: "None" unchecks a group's choices one call after another.
            onToggle={(g, choiceId, on) => selection.onChange([...toggleChoice(new Set(getValues("selected")), g, choiceId, on)])}
          />
        ))}

        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="text-sm font-semibold">
            Note for the kitchen <span className="font-normal text-stone-600">(optional)</span>
          </label>
          <textarea
            id={`${id}-note`}
            maxLength={MAX_NOTE_LENGTH}
            rows={2}
            {...register("note")}
            aria-describedby={`${id}-count`}
            className="w-full rounded-lg border border-stone-300 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30"
          />
          <p id={`${id}-count`} className="text-right text-xs text-stone-600" aria-live={left <= 20 ? "polite" : "off"}>
            {note.length}/{MAX_NOTE_LENGTH} characters
          </p>
        </div>

        {unmet.length > 0 && (
          <p role="alert" className="text-sm text-red-700">
            Choose {unmet.join(", ")} to go on.
          </p>
        )}

        {/* The price and the add button stay in view while the groups scroll past (a phone shows a few at a time). */}
        <div className="sticky -bottom-4 -mx-4 -mb-4 flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 bg-white px-4 py-3 sm:-bottom-5 sm:-mx-5 sm:-mb-5 sm:px-5">
          <p className="text-sm">
            Price:{" "}
            <output aria-live="polite" className="text-lg font-bold" data-testid="running-price">
              {formatRupees(price)}
            </output>
          </p>
          <button type="submit" disabled={unmet.length > 0} className={buttonClass("primary", "flex-1 sm:flex-none")}>
            Add to Cart · {formatRupees(price)}
          </button>
        </div>
      </form>
    </dialog>
  );
}
