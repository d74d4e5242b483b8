import "server-only";
import { PDFDocument, rgb } from "pdf-lib";
import type { CreditNoteDocument } from "@/lib/billing/credit-note-types";
import { creditNoteView } from "@/lib/billing/credit-note-view";
import { embedFonts, Writer } from "@/lib/billing/pdf";
import { formatPaise } from "@/lib/money";

// The credit note as a PDF (product.md §11), laid out from the same view as its printable page,
// with the invoice PDF's writer and fonts (lib/billing/pdf.ts). credit-note-read.ts renders it
// once and keeps the bytes: an issued note never changes.

const MUTED = rgb(0.35, 0.35, 0.35);

export async function creditNotePdf(note: CreditNoteDocument): Promise<Uint8Array> {
  const view = creditNoteView(note, formatPaise);
  const doc = await PDFDocument.create();
  doc.setTitle(`${view.title} ${note.number}`);
  doc.setAuthor(view.seller.legalName);
  doc.setCreationDate(new Date(note.issuedAt));
  doc.setModificationDate(new Date(note.issuedAt));
  const w = new Writer(doc, await embedFonts(doc));

  w.text(view.title, { size: 18, bold: true });
  w.gap();
  w.text(view.seller.tradeName, { size: 12, bold: true });
  if (view.seller.legalName !== view.seller.tradeName) w.text(view.seller.legalName);
  for (const line of [...view.seller.addressLines, ...view.seller.registrations]) w.text(line);
  w.gap();
  for (const m of view.meta) w.text(`${m.label}: ${m.value}`);
  w.gap();
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
