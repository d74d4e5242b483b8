import type { ReactNode } from "react";
import type { DocumentSeries, Gstr1 } from "@/lib/reports/types";
import { formatPaise } from "@/lib/money";
import { Cell, RowHeader, Table } from "@/components/ui/table";

// The month's GSTR-1 figures as the return's tables lay them out (product.md §11): B2C summary by
// place of supply, SAC summary, documents issued. Amounts to the paisa.

const money = (paise: number) => <span className="whitespace-nowrap tabular-nums">{formatPaise(paise)}</span>;

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
function TaxCells({ row }: { row: { taxableValue: number; cgst: number; sgst: number } }) {
  return (
    <>
      <Cell>{money(row.taxableValue)}</Cell>
      <Cell>{money(row.cgst)}</Cell>
      <Cell>{money(row.sgst)}</Cell>
    </>
  );
}

function DocumentRow({ name, series }: { name: string; series: DocumentSeries }) {
  return (
    <tr>
      <RowHeader>{name}</RowHeader>
      <Cell>{series.from ?? "–"}</Cell>
      <Cell>{series.to ?? "–"}</Cell>
      <Cell className="tabular-nums">{series.count}</Cell>
      <Cell className="tabular-nums">{series.cancelled}</Cell>
    </tr>
  );
}

export function Gstr1Tables({ figures, monthName }: { figures: Gstr1; monthName: string }) {
  const { b2cs, hsn, documents } = figures;
  return (
    <div className="space-y-6">
      <ReturnTable id="b2cs" heading="B2C summary (table 7)">
        {b2cs.length === 0 ? (
          <NoTax>No tax invoices or credit notes against them in {monthName}.</NoTax>
        ) : (
          <Table
            id="gstr1-b2cs"
            caption={`Tax invoices less credit notes issued in ${monthName}, by place of supply`}
            columns={["Place of supply", "Rate", "Taxable value", "CGST", "SGST"]}
            minWidth="min-w-[36rem]"
          >
            {b2cs.map((row) => (
              <tr key={row.placeOfSupply}>
                <RowHeader>{row.placeOfSupply}</RowHeader>
                <Cell>{row.rate}%</Cell>
                <TaxCells row={row} />
              </tr>
            ))}
          </Table>
        )}
      </ReturnTable>

      <ReturnTable id="hsn" heading="SAC summary (table 12)">
        {hsn.length === 0 ? (
          <NoTax>No tax charged in {monthName}.</NoTax>
        ) : (
          <Table
            id="gstr1-hsn"
            caption={`Restaurant service in ${monthName}; quantity is the number of tax invoices`}
            columns={["SAC", "Description", "Quantity", "Taxable value", "CGST", "SGST"]}
            minWidth="min-w-[44rem]"
          >
            {hsn.map((row) => (
              <tr key={row.sac}>
                <RowHeader>{row.sac}</RowHeader>
                <Cell className="min-w-[14rem]">{row.description}</Cell>
                <Cell className="tabular-nums">{row.quantity}</Cell>
                <TaxCells row={row} />
              </tr>
            ))}
          </Table>
        )}
      </ReturnTable>

      <ReturnTable id="documents" heading="Documents issued (table 13)">
        <Table
          id="gstr1-documents"
          caption={`Numbers issued in ${monthName}`}
          columns={["Document", "From", "To", "Count", "Cancelled"]}
          minWidth="min-w-[32rem]"
        >
          <DocumentRow name="Invoices" series={documents.invoices} />
          <DocumentRow name="Credit notes" series={documents.creditNotes} />
        </Table>
      </ReturnTable>
    </div>
  );
}
