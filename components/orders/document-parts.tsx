import type { LabelledValue } from "@/lib/billing/invoice-view";
import type { SellerView } from "@/lib/billing/document-view";

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

/** The document's head: its title and facts on one side, the seller's block on the other. */
export function DocumentHeader({
  titleId,
  title,
  heading,
  meta,
  seller,
}: {
  titleId: string;
  title: string;
  heading?: string | null;
  meta: LabelledValue[];
  seller: SellerView;
}) {
  return (
    <header className="flex flex-wrap justify-between gap-4 border-b border-stone-300 pb-4">
      <div>
        <h1 id={titleId} className="text-2xl font-bold">
          {title}
        </h1>
        {heading && <p className="mt-1 text-sm font-semibold">{heading}</p>}
        <Pairs rows={meta} className="mt-3" />
      </div>
      <div className="text-sm sm:text-right">
        <p className="text-base font-bold">{seller.tradeName}</p>
        {seller.legalName !== seller.tradeName && <p>{seller.legalName}</p>}
        <Address lines={seller.addressLines} />
        {seller.registrations.map((line) => (
          <p key={line} className="font-semibold">
            {line}
          </p>
        ))}
      </div>
    </header>
  );
}
