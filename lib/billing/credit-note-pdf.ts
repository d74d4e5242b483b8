import "server-only";
import type { CreditNoteDocument } from "@/lib/billing/credit-note-types";
import { creditNoteView } from "@/lib/billing/credit-note-view";
import { MUTED, startDocument } from "@/lib/billing/pdf";
import { formatPaise } from "@/lib/money";

// The credit note as a PDF (product.md §11), laid out from the same view as its printable page,
// with the invoice PDF's head, writer and fonts (lib/billing/pdf.ts). credit-note-read.ts renders
// it once and keeps the bytes: an issued note never changes.

export async function creditNotePdf(note: CreditNoteDocument): Promise<Uint8Array> {
  const view = creditNoteView(note, formatPaise);
  const { doc, w } = await startDocument(view, note.number, note.issuedAt);
  w.text("Issued to", { bold: true });
  w.text(view.buyer.name);
  for (const line of view.buyer.addressLines) w.text(line);
  w.gap();
  w.text(`${view.reason.label}: ${view.reason.value}`);
  w.rule();
  for (const a of view.amounts) w.text(`${a.label}: ${a.value}`);
  w.text(`${view.total.label}: ${view.total.value}`, { bold: true });
  w.gap();
  for (const line of view.footer) w.text(line, { size: 9, color: MUTED });
  return doc.save();
}
