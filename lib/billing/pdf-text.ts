import type { PDFFont } from "pdf-lib";

// Text for the invoice's PDF (lib/billing/pdf.ts): what its font cannot draw becomes "?", so a
// name in a script the font lacks or an emoji in a note prints as a mark rather than an empty box,
// and long text is wrapped to its column. Pure.

/** The text, NFC, with every character `hasGlyph` says the font lacks as "?" (newlines kept). */
export function drawable(text: string, hasGlyph: (codePoint: number) => boolean): string {
  return Array.from(text.normalize("NFC"))
    .map((ch) => (ch === "\n" || hasGlyph(ch.codePointAt(0) ?? 0) ? ch : "?"))
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
        const cut = longestFittingPrefix(rest, fits);
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** How many characters of `word` fit (at least 1), found by halving: measuring text is not cheap. */
function longestFittingPrefix(word: string, fits: (s: string) => boolean): number {
  let low = 1;
  let high = word.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(word.slice(0, mid))) low = mid;
    else high = mid - 1;
  }
  return low;
}
