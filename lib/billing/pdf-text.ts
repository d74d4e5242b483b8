import type { PDFFont } from "pdf-lib";

// Text for the PDF's standard fonts (lib/billing/pdf.ts), which encode WinAnsi (Windows-1252)
// only: pdf-lib throws on any other character. A name in Kannada or an emoji in a note must not
// turn a bill into a 500, so such characters are replaced here, and long text is wrapped to its
// column. Pure.

// Windows-1252's printable characters beyond Latin-1, which the fonts also draw.
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

const drawable = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch);
};

/** The text with ₹ as "Rs." and every character the fonts cannot draw as "?" (newlines kept). */
export function winAnsi(text: string): string {
  return Array.from(text.normalize("NFC").replaceAll("₹", "Rs."))
    .map((ch) => (ch === "\n" || drawable(ch) ? ch : "?"))
    .join("");
}

/** The text in lines no wider than `width` at `size` (a word longer than the width is cut). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const tried = line ? `${line} ${word}` : word;
      if (fits(tried)) {
        line = tried;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (!fits(rest) && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}
