import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { creditNoteDocument } from "@/lib/billing/credit-note-document";
import { creditNotePdf } from "@/lib/billing/credit-note-pdf";
import { creditNoteView } from "@/lib/billing/credit-note-view";
import { invoicePdf } from "@/lib/billing/pdf";
import { invoiceView } from "@/lib/billing/invoice-view";
import { gstSplit } from "@/lib/billing/tax";
import type { Invoice } from "@/lib/billing/invoice-types";
import { sampleInvoice } from "@/tests/support/invoice-fixture";

// A credit note says what its bill says in the bill's own words (product.md §11): the seller's
// block, dates, place of supply, SAC and tax lines come from one module for both documents, so a
// note can never name its seller, or word its tax, differently from the invoice it corrects.

function noteAgainst(invoice: Invoice) {
  // The bill as issued, without the notes listed under it since (credit-note-document.ts reads it so).
  const document: Partial<Invoice> = { ...invoice };
  delete document.creditNotes;
  return creditNoteDocument(
    { number: invoice.number, issuedAt: new Date(invoice.issuedAt), kind: invoice.kind, buyerGstin: null, buyerLegalName: null, document },
    { number: "CN/26-27/1", issuedAt: new Date("2026-11-28T05:00:00.000Z"), reason: "Cold bowl", amount: 10_000, ...gstSplit(10_000) },
  );
}

describe("the words a bill and its credit note share", () => {
  it("the note's seller block is the bill's, line for line, FSSAI line and all", () => {
    for (const seller of [
      sampleInvoice().seller,
      { ...sampleInvoice().seller, fssai: "21226999000123", tradeName: "Fresh Bowl Foods Private Limited" },
      { ...sampleInvoice().seller, fssai: null, gstin: null },
    ]) {
      const invoice = sampleInvoice({ seller });
      expect(creditNoteView(noteAgainst(invoice)).seller).toEqual(invoiceView(invoice).seller);
    }
    expect(
      creditNoteView(noteAgainst(sampleInvoice({ seller: { ...sampleInvoice().seller, fssai: null } }))).seller.registrations,
    ).toContain("FSSAI Lic. No.: not yet entered");
  });

  it("dates, place of supply, SAC and tax lines read as on the bill; the note names the bill by number and date", () => {
    const invoice = sampleInvoice();
    const bill = invoiceView(invoice);
    const note = creditNoteView(noteAgainst(invoice));
    const value = (rows: { label: string; value: string }[], label: string) => rows.find((r) => r.label === label)?.value;
    expect(value(note.meta, "Invoice date")).toBe(value(bill.meta, "Date"));
    expect(value(note.meta, "Against invoice No.")).toBe("FB/26-27/1");
    for (const label of ["Place of supply", "SAC"]) expect(value(note.meta, label)).toBe(value(bill.meta, label));
    expect(note.amounts.map((r) => r.label)).toEqual(bill.tax.map((r) => r.label));
    expect(note.footer).toEqual(["Reverse charge: No", "Computer-generated credit note; no signature required."]);
    expect(bill.closing).toEqual(["Reverse charge: No", "Computer-generated invoice; no signature required."]);
  });

  it("both PDFs open with the one head: titled by number, by the seller, dated as issued", async () => {
    const invoice = sampleInvoice();
    const [bill, note] = await Promise.all([
      PDFDocument.load(await invoicePdf(invoice), { updateMetadata: false }),
      PDFDocument.load(await creditNotePdf(noteAgainst(invoice)), { updateMetadata: false }),
    ]);
    expect([bill.getTitle(), note.getTitle()]).toEqual(["Tax Invoice FB/26-27/1", "Credit Note CN/26-27/1"]);
    expect(note.getAuthor()).toBe(bill.getAuthor());
    expect(bill.getAuthor()).toBe("Fresh Bowl Foods Private Limited");
    expect(bill.getModificationDate()?.toISOString()).toBe("2026-11-27T08:15:00.000Z");
    expect(note.getModificationDate()?.toISOString()).toBe("2026-11-28T05:00:00.000Z");
  }, 20_000);
});
