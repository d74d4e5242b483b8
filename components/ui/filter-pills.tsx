import Link from "next/link";

export type FilterPill = { key: string; label: string; href: string; current: boolean };

/** A row of filter links shown as pills; the active one carries aria-current="page". */
export function FilterPills({ label, pills, className = "" }: { label: string; pills: FilterPill[]; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ul role="list" className="flex flex-wrap gap-2">
        {pills.map((pill) => (
          <li key={pill.key}>
            <Link
              href={pill.href}
              aria-current={pill.current ? "page" : undefined}
              className={`inline-block rounded-full border px-4 py-1.5 text-sm font-semibold ${
                pill.current ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-brand-50"
              }`}
            >
              {pill.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
