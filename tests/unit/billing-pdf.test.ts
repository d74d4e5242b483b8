import { describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { invoicePdf } from "@/lib/billing/pdf";
import { winAnsi, wrapText } from "@/lib/billing/pdf-text";
import { sampleInvoice } from "@/tests/support/invoice-fixture";

describe("invoicePdf", () => {
  it("makes a PDF titled with the invoice's number", async () => {
    const bytes = await invoicePdf(sampleInvoice());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Tax Invoice FB/26-27/1");
    expect(doc.getPageCount()).toBe(1);
  });

  it("does not fail on characters its fonts cannot draw, or on many lines", async () => {
    const base = sampleInvoice();
    const line = { ...base.lines[0]!, name: "ಚಿಕನ್ ಸಲಾಡ್ 🥗", details: "Note: ".concat("x".repeat(400)) };
    const invoice = sampleInvoice({ buyer: { ...base.buyer, name: "ಆಶಾ ರಾವ್" }, lines: Array.from({ length: 60 }, () => line) });
    const doc = await PDFDocument.load(await invoicePdf(invoice));
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });
});

describe("winAnsi and wrapText", () => {
  it("keeps what the standard fonts draw and replaces the rest", () => {
    expect(winAnsi("Café – ₹5\nಆ")).toBe("Café – Rs.5\n?");
  });

  it("wraps to the width and cuts a word too long for it", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`short words here ${"y".repeat(200)}`, font, 10, 100);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(font.widthOfTextAtSize(l, 10)).toBeLessThanOrEqual(100);
  });
});
