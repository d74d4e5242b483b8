import { describe, expect, it } from "vitest";
import { PDFDict, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { invoicePdf } from "@/lib/billing/pdf";
import { drawable, wrapText } from "@/lib/billing/pdf-text";
import { sampleInvoice } from "@/tests/support/invoice-fixture";

describe("invoicePdf", () => {
  it("makes a PDF titled with the invoice's number", async () => {
    const bytes = await invoicePdf(sampleInvoice());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Tax Invoice FB/26-27/1");
    expect(doc.getPageCount()).toBe(1);
  });

  it("embeds DejaVu Sans, regular and bold, as subsets: the font that draws ₹", async () => {
    const doc = await PDFDocument.load(await invoicePdf(sampleInvoice()));
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of("BaseFont")) : undefined))
      .filter((name) => name !== undefined)
      .map(String);
    expect(fonts.some((name) => /^\/DejaVuSans-\d+$/.test(name))).toBe(true);
    expect(fonts.some((name) => /^\/DejaVuSans-Bold-\d+$/.test(name))).toBe(true);
    expect(fonts.filter((name) => /Helvetica/.test(name))).toEqual([]);
  });

  it("does not fail on characters its fonts cannot draw, or on many lines", async () => {
    const base = sampleInvoice();
    const line = { ...base.lines[0]!, name: "ಚಿಕನ್ ಸಲಾಡ್ 🥗", details: "Note: ".concat("x".repeat(400)) };
    const invoice = sampleInvoice({ buyer: { ...base.buyer, name: "ಆಶಾ ರಾವ್" }, lines: Array.from({ length: 60 }, () => line) });
    const doc = await PDFDocument.load(await invoicePdf(invoice));
    expect(doc.getPageCount()).toBeGreaterThan(1);
    // Sixty wrapped lines of subset fonts: seconds on a busy two-core machine.
  }, 20_000);
});

describe("drawable and wrapText", () => {
  it("keeps what the font draws and replaces the rest, newlines kept", () => {
    const latinAndRupee = (cp: number) => cp < 0x250 || cp === 0x20b9 || cp === 0x2013;
    expect(drawable("Café – ₹5\nಆ", latinAndRupee)).toBe("Café – ₹5\n?");
    // Composed first, so an accent typed as its own mark is drawn with its letter.
    expect(drawable("Ka\u0304rtik 🥗", latinAndRupee)).toBe("K\u0101rtik ?");
  });

  it("wraps to the width and cuts a word too long for it", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`short words here ${"y".repeat(200)}`, font, 10, 100);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 10)).toBeLessThanOrEqual(100);
  });
});
