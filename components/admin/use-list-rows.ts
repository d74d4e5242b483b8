"use client";

import { useId } from "react";

/**
 * A list an admin edits a row at a time (an item's option groups, a group's choices, a day's
 * opening ranges, the delivery areas), with an Add button after it: the button's id, whether the
 * list is full (`max` rows, Add disabled), and `removeRow`, which removes a row and then puts the
 * keyboard on Add, as the row and its button are gone (once rendered: Add may have been disabled
 * while the list was full).
 */
export function useListRows(count: number, max: number, remove: (index: number) => void) {
  const addId = useId();
  function removeRow(index: number) {
    remove(index);
    requestAnimationFrame(() => document.getElementById(addId)?.focus());
  }
  return { addId, full: count >= max, removeRow };
}
