"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { panelClass } from "@/components/ui/panel";

/** The admin sections in the order the menu lists them; each one lives at /admin/ and its name in lower case. */
const ADMIN_SECTIONS = [
  "Dashboard",
  "Orders",
  "Kitchen",
  "Riders",
  "Menu",
  "Users",
  "Complaints",
  "Offers",
  "Reports",
  "Settings",
] as const;
const ADMIN_LINKS = ADMIN_SECTIONS.map((label) => ({ label, href: `/admin/${label.toLowerCase()}` }));

const isCurrent = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/**
 * The admin sections: a sidebar from lg up (a tablet in landscape); below it, one button that
 * names the current section and opens the list, so a phone keeps its width for the page. The
 * list closes on navigation and on Escape (focus back on the button).
 */
export function AdminNav() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [shownFor, setShownFor] = useState(pathname);
  const listId = useId();
  const current = ADMIN_LINKS.find((link) => isCurrent(pathname, link.href));

  // A new page closes the phone menu (set while rendering, React's way to follow a prop).
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      document.getElementById(`${listId}-button`)?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, listId]);

  return (
    <nav aria-label="Admin" className="min-w-0 lg:w-52 lg:shrink-0">
      <button
        type="button"
        id={`${listId}-button`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className={panelClass("none", "flex w-full items-center justify-between gap-2 px-4 py-2.5 text-sm font-semibold lg:hidden")}
      >
        <span>Admin menu{current && <span className="font-normal text-stone-600"> · {current.label}</span>}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`}
          fill="currentColor"
        >
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </button>
      <ul
        id={listId}
        className={panelClass("none", `mt-2 flex-col gap-1 p-1.5 lg:sticky lg:top-4 lg:mt-0 lg:flex ${open ? "flex" : "hidden"}`)}
      >
        {ADMIN_LINKS.map((link) => {
          const active = isCurrent(pathname, link.href);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={active ? "page" : undefined}
                className={`block rounded-lg px-3 py-2 text-sm font-semibold ${active ? "bg-brand-700 text-white" : "text-stone-800 hover:bg-brand-50"}`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
