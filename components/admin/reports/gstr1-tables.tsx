import type { ReactNode } from "react";
import type { Gstr1, Gstr1DocRow } from "@/lib/reports/types";
import { formatPaise } from "@/lib/money";
import { Cell, RowHeader, Table } from "@/components/ui/table";

// The month's GSTR-1 as the return's tables lay it out (product.md §11), from the same JSON the
// download holds: B2B invoices, credit notes to registered buyers, the B2C summary, the SAC
// summary and the documents issued. The JSON's rupees are shown to the paisa.

const money = (rupees: number) => <span className="whitespace-nowrap tabular-nums">{formatPaise(Math.round(rupees * 100))}</span>;

function NoTax({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-stone-300 p-3 text-sm text-stone-700">{children}</p>;
}

/** A table of the return under its heading, `${id}-heading`. */
function ReturnTable({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h3 id={`${id}-heading`} className="font-bold">
        {heading}
      </h3>
      {children}
    </section>
  );
}

/** A row's taxable value and its two taxes. */
function TaxCells({ row }: { row: { txval: number; camt: number; samt: number } }) {
  return (
    <>
      <Cell>{money(row.txval)}</Cell>
      <Cell>{money(row.camt)}</Cell>
      <Cell>{money(row.samt)}</Cell>
    </>
  );
}

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
  const invoices = b2b.flatMap((buyer) => buyer.inv.map((inv) => ({ ctin: buyer.ctin, ...inv })));
  const notes = cdnr.flatMap((buyer) => buyer.nt.map((nt) => ({ ctin: buyer.ctin, ...nt })));
  const hsnRows = [
    ...hsn.hsn_b2b.map((row) => ({ to: "Registered buyers (B2B)", ...row })),
    ...hsn.hsn_b2c.map((row) => ({ to: "Consumers (B2C)", ...row })),
  ];
  const docs = doc_issue.doc_det.flatMap((d) => d.docs.map((row) => ({ name: d.doc_num === 1 ? "Invoices" : "Credit notes", row })));
  return (
    <div className="space-y-6">
      <ReturnTable id="b2b" heading="B2B invoices (table 4A)">
        {invoices.length === 0 ? (
          <NoTax>No tax invoices to registered buyers in {monthName}.</NoTax>
        ) : (
          <Table
            id="gstr1-b2b"
            caption={`Tax invoices to registered buyers issued in ${monthName}`}
            columns={["Invoice", "Buyer's GSTIN", "Date", "Value", "Taxable value", "CGST", "SGST"]}
            minWidth="min-w-[48rem]"
          >
            {invoices.map((inv) => (
              <tr key={inv.inum}>
                <RowHeader>{inv.inum}</RowHeader>
                <Cell>{inv.ctin}</Cell>
                <Cell>{inv.idt}</Cell>
                <Cell>{money(inv.val)}</Cell>
                <TaxCells row={inv.itms[0].itm_det} />
              </tr>
            ))}
          </Table>
        )}
        {notes.length > 0 && (
          <Table
            id="gstr1-cdnr"
            caption={`Credit notes to registered buyers issued in ${monthName} (table 9B)`}
            columns={["Credit note", "Buyer's GSTIN", "Date", "Value", "Taxable value", "CGST", "SGST"]}
            minWidth="min-w-[48rem]"
          >
            {notes.map((nt) => (
              <tr key={nt.nt_num}>
                <RowHeader>{nt.nt_num}</RowHeader>
                <Cell>{nt.ctin}</Cell>
                <Cell>{nt.nt_dt}</Cell>
                <Cell>{money(nt.val)}</Cell>
                <TaxCells row={nt.itms[0].itm_det} />
              </tr>
            ))}
          </Table>
        )}
      </ReturnTable>

      <ReturnTable id="b2cs" heading="B2C summary (table 7)">
        {b2cs.length === 0 ? (
          <NoTax>No tax invoices to consumers or credit notes against them in {monthName}.</NoTax>
        ) : (
          <Table
            id="gstr1-b2cs"
            caption={`Tax invoices to consumers less credit notes issued in ${monthName}, by place of supply`}
            columns={["Place of supply", "Rate", "Taxable value", "CGST", "SGST"]}
            minWidth="min-w-[36rem]"
          >
            {b2cs.map((row) => (
              <tr key={`${row.pos}-${row.rt}`}>
                <RowHeader>{row.pos}</RowHeader>
                <Cell>{row.rt}%</Cell>
                <TaxCells row={row} />
              </tr>
            ))}
          </Table>
        )}
      </ReturnTable>

      <ReturnTable id="hsn" heading="SAC summary (table 12)">
        {hsnRows.length === 0 ? (
          <NoTax>No tax charged in {monthName}.</NoTax>
        ) : (
          <Table
            id="gstr1-hsn"
            caption={`Restaurant service in ${monthName}, net of credit notes`}
            columns={["Supplied to", "SAC", "Rate", "Taxable value", "CGST", "SGST"]}
            minWidth="min-w-[40rem]"
          >
            {hsnRows.map((row) => (
              <tr key={row.to}>
                <RowHeader>{row.to}</RowHeader>
                <Cell>{row.hsn_sc}</Cell>
                <Cell>{row.rt}%</Cell>
                <TaxCells row={row} />
              </tr>
            ))}
          </Table>
        )}
      </ReturnTable>

      <ReturnTable id="documents" heading="Documents issued (table 13)">
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
      </ReturnTable>
    </div>
  );
}
