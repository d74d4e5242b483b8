import type { InvoiceView } from "@/lib/billing/invoice-view";
import { Address, DocumentHeader } from "@/components/orders/document-parts";

// The bill as a printable document (product.md §11), laid out from the view the PDF uses too
// (lib/billing/invoice-view.ts). Plain markup: a heading per part and real tables, so it reads in
// order to a screen reader and prints on A4 as it shows.

const cell = "border-b border-stone-200 px-2 py-1.5 align-top";
const num = `${cell} text-right tabular-nums whitespace-nowrap`;

export function InvoiceDocument({ view }: { view: InvoiceView }) {
  return (
    <article aria-labelledby="bill-title" className="invoice rounded-xl border border-stone-300 bg-white p-4 text-stone-900 sm:p-8">
      <DocumentHeader titleId="bill-title" title={view.title} heading={view.heading} meta={view.meta} seller={view.seller} />

      <section aria-labelledby="bill-buyer" className="mt-4 text-sm">
        <h2 id="bill-buyer" className="font-bold">
          Billed to
        </h2>
        {view.buyer.registrations.map((line) => (
          <p key={line} className="font-semibold">
            {line}
          </p>
        ))}
        <p>{view.buyer.name}</p>
        <Address lines={view.buyer.addressLines} />
      </section>

      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">What was supplied, and the amounts</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className={cell}>
                Item
              </th>
              <th scope="col" className={`${num} font-semibold`}>
                Qty
              </th>
              <th scope="col" className={`${num} font-semibold`}>
                Unit price
              </th>
              <th scope="col" className={`${num} font-semibold`}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((l, i) => (
              <tr key={i}>
                <td className={cell}>
                  {l.description}
                  {l.details && <span className="block text-xs text-stone-600">{l.details}</span>}
                </td>
                <td className={num}>{l.quantity}</td>
                <td className={num}>{l.unitPrice}</td>
                <td className={num}>{l.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {view.amounts.map((a) => (
              <tr key={a.label}>
                <th scope="row" colSpan={3} className={`${num} font-normal`}>
                  {a.label}
                </th>
                <td className={num}>{a.value}</td>
              </tr>
            ))}
            <tr className="text-base font-bold">
              <th scope="row" colSpan={3} className={num}>
                {view.total.label}
              </th>
              <td className={num} data-testid="bill-total">
                {view.total.value}
              </td>
            </tr>
            {view.tax.map((t) => (
              <tr key={t.label} className="text-stone-700">
                <th scope="row" colSpan={3} className={`${num} font-normal`}>
                  {t.label}
                </th>
                <td className={num}>{t.value}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
      {view.note && <p className="mt-2 text-xs text-stone-600">{view.note}</p>}

      <div className="mt-4 space-y-0.5 text-sm">
        {view.closing.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </article>
  );
}
