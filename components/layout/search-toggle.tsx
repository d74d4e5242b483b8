"use client";

import { createContext, use, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";

// The header's search: on wider screens the field itself, as always; on phones a button in the
// header's one row that opens the field on a row of its own (and Escape closes it again). The
// button sits before the main links in the page's order and the field after them, as each is
// seen on its screen, so they share their state through this context.

type Toggle = { open: boolean; id: string; button: RefObject<HTMLButtonElement | null>; setOpen: (open: boolean) => void };

const SearchOpen = createContext<Toggle | null>(null);

function useToggle(): Toggle {
  const toggle = use(SearchOpen);
  if (!toggle) throw new Error("The header's search parts need <SearchToggle> around them");
  return toggle;
}

/** Around the header's row: holds whether the phone's search field is open. */
export function SearchToggle({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  return <SearchOpen value={{ open, id, button, setOpen }}>{children}</SearchOpen>;
}

/** Phones: the button that opens and closes the field. */
export function SearchButton() {
  const { open, id, button, setOpen } = useToggle();

  function toggle() {
    setOpen(!open);
    // After React shows the field: the cursor goes where the visitor will type.
    if (!open) requestAnimationFrame(() => document.getElementById(id)?.querySelector("input")?.focus());
  }

  return (
    <button
      ref={button}
      type="button"
      onClick={toggle}
      aria-expanded={open}
      aria-controls={id}
      aria-label={open ? "Close search" : "Open search"}
      className="order-1 ml-auto inline-flex h-9 w-9 items-center justify-center rounded-md text-stone-800 hover:bg-brand-50 sm:hidden"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM20 20l-4.8-4.8" />}
      </svg>
    </button>
  );
}

/** Where the search form shows: always on wider screens, on phones once the button opened it. */
export function SearchField({ children }: { children: ReactNode }) {
  const { open, id, button, setOpen } = useToggle();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    button.current?.focus();
  }

  return (
    <div id={id} onKeyDown={onKeyDown} className={`order-4 w-full sm:order-none sm:ml-auto sm:w-auto ${open ? "" : "max-sm:hidden"}`}>
      {children}
    </div>
  );
}
