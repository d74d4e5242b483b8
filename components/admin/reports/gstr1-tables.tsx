import type { ReactNode } from "react";
import type { Gstr1, Gstr1DocRow, Gstr1HsnRow, Gstr1Item } from "@/lib/reports/types";
import { formatPaise } from "@/lib/money";
import { Cell, RowHeader, Table } from "@/components/ui/table";
import { TitledSection } from "@/components/ui/titled-section";

// The month's GSTR-1 as the return's tables lay it out (product.md §11), from the same JSON the
// download holds: B2B invoices, credit notes to registered buyers, the B2C summary, the SAC
// summary and the documents issued. The JSON's rupees are shown to the paisa.

const money = (rupees: number) => <span className="whitespace-nowrap tabular-nums">{formatPaise(Math.round(rupees * 100))}</span>;

function NoTax({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-stone-300 p-3 text-sm text-stone-700">{children}</p>;
}

type TaxRow = { txval: number; camt: number; samt: number };

/** A row of a tax table: named by its first cell, then its own cells, then its taxable value and two taxes. */
type TaxTableRow = { key: string; name: string; cells: ReactNode[]; tax: TaxRow };

/** A table of the return whose rows end in the taxable value, CGST and SGST (tables 4A, 9B, 7 and 12). */
function TaxTable(props: { id: string; caption: string; columns: string[]; minWidth: string; rows: TaxTableRow[] }) {
  const { id, caption, columns, minWidth, rows } = props;
  return (
    <Table id={id} caption={caption} columns={[...columns, "Taxable value", "CGST", "SGST"]} minWidth={minWidth}>
      {rows.map((row) => (
        <tr key={row.key}>
          <RowHeader>{row.name}</RowHeader>
          {row.cells.map((cell, i) => (
            <Cell key={i}>{cell}</Cell>
          ))}
          <Cell>{money(row.tax.txval)}</Cell>
          <Cell>{money(row.tax.camt)}</Cell>
          <Cell>{money(row.tax.samt)}</Cell>
        </tr>
      ))}
    </Table>
  );
}

/** An invoice (table 4A) or a credit note (9B) to a registered buyer: its number, the buyer, the date, its value. */
const toBuyerRow = (ctin: string, number: string, date: string, doc: { val: number; itms: Gstr1Item[] }): TaxTableRow => ({
  key: number,
  name: number,
  cells: [ctin, date, money(doc.val)],
  tax: doc.itms[0].itm_det,
});

const buyerColumns = (document: string) => [document, "Buyer's GSTIN", "Date", "Value"];

/** Table 12's line for one kind of buyer. */
const toSacRow = (to: string, row: Gstr1HsnRow): TaxTableRow => ({ key: to, name: to, cells: [row.hsn_sc, `${row.rt}%`], tax: row });

function DocumentRow({ name, row }: { name: string; row: Gstr1DocRow }) {
  return (
    <tr>
      <RowHeader>{name}</RowHeader>
      <Cell>{row.from}</Cell>
      <Cell>{row.to}</Cell>
      <Cell className="tabular-nums">{row.totnum}</Cell>
      <Cell className="tabular-nums">{row.cancel}</Cell>
    </tr>
  );
}

export function Gstr1Tables({ figures, monthName }: { figures: Gstr1; monthName: string }) {
  const { b2b, cdnr = [], b2cs, hsn, doc_issue } = figures;
  const invoices = b2b.flatMap(({ ctin, inv }) => inv.map((i) => toBuyerRow(ctin, i.inum, i.idt, i)));
  const notes = cdnr.flatMap(({ ctin, nt }) => nt.map((n) => toBuyerRow(ctin, n.nt_num, n.nt_dt, n)));
  const b2csRows = b2cs.map((row) => ({ key: `${row.pos}-${row.rt}`, name: row.pos, cells: [`${row.rt}%`], tax: row }));
  const hsnRows = [
    ...hsn.hsn_b2b.map((row) => toSacRow("Registered buyers (B2B)", row)),
    ...hsn.hsn_b2c.map((row) => toSacRow("Consumers (B2C)", row)),
  ];
  const docs = doc_issue.doc_det.flatMap((d) => d.docs.map((row) => ({ name: d.doc_num === 1 ? "Invoices" : "Credit notes", row })));
  return (
    <div className="space-y-6">
      <TitledSection level={3} className="space-y-2" title="B2B invoices (table 4A)">
        {invoices.length === 0 ? (
          <NoTax>No tax invoices to registered buyers in {monthName}.</NoTax>
        ) : (
          <TaxTable
            id="gstr1-b2b"
            caption={`Tax invoices to registered buyers issued in ${monthName}`}
            columns={buyerColumns("Invoice")}
            minWidth="min-w-[48rem]"
            rows={invoices}
          />
        )}
        {notes.length > 0 && (
          <TaxTable
            id="gstr1-cdnr"
            caption={`Credit notes to registered buyers issued in ${monthName} (table 9B)`}
            columns={buyerColumns("Credit note")}
            minWidth="min-w-[48rem]"
            rows={notes}
          />
        )}
      </TitledSection>

      <TitledSection level={3} className="space-y-2" title="B2C summary (table 7)">
        {b2csRows.length === 0 ? (
          <NoTax>No tax invoices to consumers or credit notes against them in {monthName}.</NoTax>
        ) : (
          <TaxTable
            id="gstr1-b2cs"
            caption={`Tax invoices to consumers less credit notes issued in ${monthName}, by place of supply`}
            columns={["Place of supply", "Rate"]}
            minWidth="min-w-[36rem]"
            rows={b2csRows}
          />
        )}
      </TitledSection>

      <TitledSection level={3} className="space-y-2" title="SAC summary (table 12)">
        {hsnRows.length === 0 ? (
          <NoTax>No tax charged in {monthName}.</NoTax>
        ) : (
          <TaxTable
            id="gstr1-hsn"
            caption={`Restaurant service in ${monthName}, net of credit notes`}
            columns={["Supplied to", "SAC", "Rate"]}
            minWidth="min-w-[40rem]"
            rows={hsnRows}
          />
        )}
      </TitledSection>

      <TitledSection level={3} className="space-y-2" title="Documents issued (table 13)">
        {docs.length === 0 ? (
          <NoTax>No tax invoices or credit notes issued in {monthName}.</NoTax>
        ) : (
          <Table
            id="gstr1-documents"
            caption={`Numbers issued in ${monthName}`}
            columns={["Document", "From", "To", "Count", "Cancelled"]}
            minWidth="min-w-[32rem]"
          >
            {docs.map((d) => (
              <DocumentRow key={`${d.name}-${d.row.from}`} name={d.name} row={d.row} />
            ))}
          </Table>
        )}
      </TitledSection>
    </div>
  );
}
