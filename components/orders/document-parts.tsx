import type { LabelledValue } from "@/lib/billing/invoice-view";

// The parts the printable bill and credit note share (invoice-document.tsx, credit-note-document.tsx).

/** Labelled values as a definition list, a label beside its value. */
export function Pairs({ rows, className = "" }: { rows: LabelledValue[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm ${className}`}>
      {rows.map((r) => (
        <div key={r.label} className="contents">
          <dt className="font-semibold">{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An address, a line to a line. */
export function Address({ lines }: { lines: readonly string[] }) {
  return (
    <address className="not-italic">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
