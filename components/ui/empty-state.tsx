import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";

type WayOn = { href: string; label: string; primary?: boolean };

type Props = {
  /** The page's h1 when this block is the whole page; left out under a page's own heading. */
  title?: string;
  message: ReactNode;
  /** A second, quieter line under the message (what to do about it). */
  detail?: ReactNode;
  /** Where to go from here, as buttons; `primary` marks the likeliest next step. */
  links?: WayOn[];
  /** Actions that are not plain links (a retry button), after the links. */
  children?: ReactNode;
  role?: "alert";
  className?: string;
};

/**
 * "Nothing here", "not found" or "something went wrong": a calm message in a dashed box,
 * never a dead end, so it always offers a way on.
 */
export function EmptyState({ title, message, detail, links = [], children, role, className = "" }: Props) {
  return (
    <div role={role} className={`rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center ${className}`}>
      {title && <h1 className="text-2xl font-bold">{title}</h1>}
      <p className={title ? "mt-2 text-stone-700" : "text-lg font-semibold"}>{message}</p>
      {detail && <p className="mt-1 text-stone-600">{detail}</p>}
      {(links.length > 0 || children) && (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {links.map((way) => (
            <Link key={way.href} href={way.href} className={buttonClass(way.primary ? "primary" : "secondary")}>
              {way.label}
            </Link>
          ))}
          {children}
        </div>
      )}
    </div>
  );
}
