import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { IssuedInvoice } from "@/lib/billing/invoice-document";
import { formatPaise } from "@/lib/money";
import { invoiceView } from "@/lib/billing/invoice-view";
import type { LabelledValue, SellerView } from "@/lib/billing/document-view";
import { drawable, wrapText } from "@/lib/billing/pdf-text";

// The invoice as a PDF (product.md §11), laid out from the same view as the printable page, with
// pdf-lib (pure JavaScript). Its built-in fonts know only Windows-1252, without ₹ or most accented
// Latin; DejaVu Sans (free, from the dejavu-fonts-ttf package) draws ₹, Latin, Greek and Cyrillic,
// and is embedded subset, only the glyphs a bill uses. What it cannot draw (Indic scripts, emoji)
// becomes "?" (pdf-text.ts), so no customer's name can make the PDF fail.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.35, 0.35, 0.35);

type Fonts = { regular: PDFFont; bold: PDFFont; hasGlyph: (codePoint: number) => boolean };

type FontFiles = { regular: Uint8Array; bold: Uint8Array; hasGlyph: (codePoint: number) => boolean };

// Read from the installed package where the server runs (the repository's root), once.
const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");
let fontFiles: Promise<FontFiles> | undefined;

function readFonts(): Promise<FontFiles> {
  fontFiles ??= Promise.all([readFile(path.join(FONT_DIR, "DejaVuSans.ttf")), readFile(path.join(FONT_DIR, "DejaVuSans-Bold.ttf"))]).then(
    ([regular, bold]) => {
      // Both weights cover the same characters.
      const coverage = fontkit.create(regular);
      return { regular, bold, hasGlyph: (codePoint: number) => coverage.hasGlyphForCodePoint(codePoint) };
    },
  );
  // A failed read is tried again on the next bill rather than remembered.
  fontFiles.catch(() => (fontFiles = undefined));
  return fontFiles;
}

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const files = await readFonts();
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([doc.embedFont(files.regular, { subset: true }), doc.embedFont(files.bold, { subset: true })]);
  return { regular, bold, hasGlyph: files.hasGlyph };
}

/** Writes top to bottom, starting a new page when the current one is full. */
class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private room(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  /** A paragraph, wrapped to `width`, starting at `x`. */
  text(text: string, { size = 10, bold = false, x = MARGIN, width = WIDTH, color = INK } = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrapText(drawable(text, this.fonts.hasGlyph), font, size, width)) {
      this.room(size * 1.4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color });
      this.y -= size * 1.4;
    }
  }

  /** Cells on one row, each right- or left-aligned in its column; the row is as tall as its tallest cell. */
  row(cells: { text: string; x: number; width: number; right?: boolean }[], { size = 10, bold = false } = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const wrapped = cells.map((c) => ({ ...c, lines: wrapText(drawable(c.text, this.fonts.hasGlyph), font, size, c.width) }));
    const height = Math.max(...wrapped.map((c) => c.lines.length)) * size * 1.4;
    this.room(height);
    for (const c of wrapped) {
      c.lines.forEach((line, i) => {
        const x = c.right ? c.x + c.width - font.widthOfTextAtSize(line, size) : c.x;
        this.page.drawText(line, { x, y: this.y - size - i * size * 1.4, size, font, color: INK });
      });
    }
    this.y -= height;
  }

  rule() {
    this.room(8);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 4 }, end: { x: MARGIN + WIDTH, y: this.y - 4 }, thickness: 0.5, color: MUTED });
    this.y -= 8;
  }

  gap(points = 8) {
    this.y -= points;
  }
}

/** What a document's head shows: its title (and a bill of supply's heading), its seller, its own facts. */
type DocumentHead = { title: string; heading?: string | null; seller: SellerView; meta: LabelledValue[] };

/**
 * A new PDF for document `number` issued at `issuedAt`, its head written: the one head of bill
 * and credit note alike, so a note shows its seller as the bill does. Dated the issue, so the
 * bytes depend on the document alone.
 */
export async function startDocument(head: DocumentHead, number: string, issuedAt: string): Promise<{ doc: PDFDocument; w: Writer }> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${head.title} ${number}`);
  doc.setAuthor(head.seller.legalName);
  doc.setCreationDate(new Date(issuedAt));
  doc.setModificationDate(new Date(issuedAt));
  const w = new Writer(doc, await embedFonts(doc));
  w.text(head.title, { size: 18, bold: true });
  if (head.heading) w.text(head.heading, { size: 10, bold: true });
  w.gap();
  w.text(head.seller.tradeName, { size: 12, bold: true });
  if (head.seller.legalName !== head.seller.tradeName) w.text(head.seller.legalName);
  for (const line of [...head.seller.addressLines, ...head.seller.registrations]) w.text(line);
  w.gap();
  for (const m of head.meta) w.text(`${m.label}: ${m.value}`);
  w.gap();
  return { doc, w };
}

const COLUMNS = { item: { x: MARGIN, width: 250 }, qty: { x: MARGIN + 255, width: 40 }, rate: { x: MARGIN + 300, width: 95 } };
const AMOUNT = { x: MARGIN + 400, width: WIDTH - 400 };

function amountRows(w: Writer, rows: LabelledValue[], bold = false) {
  for (const r of rows) {
    w.row(
      [
        { text: r.label, x: MARGIN + 200, width: 195, right: true },
        { text: r.value, ...AMOUNT, right: true },
      ],
      { bold },
    );
  }
}

/** The PDF's bytes. */
export async function invoicePdf(invoice: IssuedInvoice): Promise<Uint8Array> {
  const view = invoiceView(invoice, formatPaise);
  const { doc, w } = await startDocument(view, invoice.number, invoice.issuedAt);
  w.text("Billed to", { bold: true });
  for (const line of view.buyer.registrations) w.text(line, { bold: true });
  w.text(view.buyer.name);
  for (const line of view.buyer.addressLines) w.text(line);
  w.gap();

  w.row(
    [
      { text: "Item", ...COLUMNS.item },
      { text: "Qty", ...COLUMNS.qty, right: true },
      { text: "Unit price", ...COLUMNS.rate, right: true },
      { text: "Amount", ...AMOUNT, right: true },
    ],
    { bold: true },
  );
  w.rule();
  for (const l of view.lines) {
    w.row([
      { text: l.details ? `${l.description}\n${l.details}` : l.description, ...COLUMNS.item },
      { text: l.quantity, ...COLUMNS.qty, right: true },
      { text: l.unitPrice, ...COLUMNS.rate, right: true },
      { text: l.amount, ...AMOUNT, right: true },
    ]);
  }
  w.rule();
  amountRows(w, view.amounts);
  amountRows(w, [view.total], true);
  amountRows(w, view.tax);
  if (view.note) w.text(view.note, { size: 9, color: MUTED });

  w.gap();
  for (const line of view.closing) w.text(line);
  return doc.save();
}
