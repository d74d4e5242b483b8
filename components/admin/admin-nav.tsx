"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { panelClass } from "@/components/ui/panel";

const ADMIN_LINKS = [
  { href: "/admin/dashboard", label: "Dashboard" },
  { href: "/admin/orders", label: "Orders" },
  { href: "/admin/menu", label: "Menu" },
  { href: "/admin/users", label: "Users" },
] as const;

/** The admin tabs above the page, so wide tables get the full width; the row scrolls sideways on its own on narrow screens. */
export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin" className="min-w-0">
      <ul className={panelClass("none", "flex w-fit max-w-full gap-1 overflow-x-auto p-1.5")}>
        {ADMIN_LINKS.map((link) => {
          const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
          return (
            <li key={link.href} className="shrink-0">
              <Link
                href={link.href}
                aria-current={active ? "page" : undefined}
                className={`block rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap ${
                  active ? "bg-brand-700 text-white" : "text-stone-800 hover:bg-brand-50"
                }`}
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
