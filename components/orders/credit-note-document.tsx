import type { CreditNoteView } from "@/lib/billing/credit-note-view";
import { Address, DocumentHeader, Pairs } from "@/components/orders/document-parts";

// A credit note as a printable document (product.md §11), laid out from the view its PDF uses
// too (lib/billing/credit-note-view.ts). Plain markup, a heading per part, so it reads in order to
// a screen reader and prints on A4 as it shows.

export function CreditNoteDocument({ view }: { view: CreditNoteView }) {
  return (
    <article aria-labelledby="note-title" className="invoice rounded-xl border border-stone-300 bg-white p-4 text-stone-900 sm:p-8">
      <DocumentHeader titleId="note-title" title={view.title} meta={view.meta} seller={view.seller} />

      <section aria-labelledby="note-buyer" className="mt-4 text-sm">
        <h2 id="note-buyer" className="font-bold">
          Issued to
        </h2>
        <p>{view.buyer.name}</p>
        <Address lines={view.buyer.addressLines} />
      </section>

      <section aria-labelledby="note-amounts" className="mt-4">
        <h2 id="note-amounts" className="sr-only">
          Amounts credited
        </h2>
        <Pairs rows={[view.reason]} />
        <table className="mt-3 w-full border-collapse text-sm">
          <caption className="sr-only">The amount credited and its tax</caption>
          <tbody>
            {view.amounts.map((a) => (
              <tr key={a.label}>
                <th scope="row" className="border-b border-stone-200 px-2 py-1.5 text-right font-normal">
                  {a.label}
                </th>
                <td className="border-b border-stone-200 px-2 py-1.5 text-right whitespace-nowrap tabular-nums">{a.value}</td>
              </tr>
            ))}
            <tr className="text-base font-bold">
              <th scope="row" className="px-2 py-1.5 text-right">
                {view.total.label}
              </th>
              <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums" data-testid="credit-note-total">
                {view.total.value}
              </td>
            </tr>
          </tbody>
        </table>
      </section>
      {view.footer.map((line) => (
        <p key={line} className="mt-2 text-xs text-stone-600">
          {line}
        </p>
      ))}
    </article>
  );
}
