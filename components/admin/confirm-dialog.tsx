"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button, buttonClass } from "@/components/ui/button";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe choice's label; "Cancel" unless that reads like the action (cancelling an order). */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  /** Escape, the Cancel button, or the dialog closing for any other reason. */
  onCancel: () => void;
};

/**
 * A modal confirmation built on <dialog>: showModal() makes the rest of the page inert and
 * Escape cancels. Focus starts on the safe choice; the caller decides where it
 * goes afterwards, because the element that opened the dialog may be gone.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = "Cancel", busy = false, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-stone-200 bg-white p-5 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <div id={bodyId} className="mt-2 text-sm text-stone-700">
        {children}
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button ref={cancelRef} type="button" className={buttonClass("secondary")} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
