import { describe, expect, it } from "vitest";
import { dropBidiControls, hasControlCharacter, normalizeSearch } from "@/lib/text";

describe("the control-character rule (lib/text.ts)", () => {
  it("accepts printable text in any script", () => {
    for (const text of ["O'Brien", "Zoë", "ಕನ್ನಡ", "<b>", "🥗 bowl"]) expect(hasControlCharacter(text), text).toBe(false);
  });

  it("refuses control characters and lone surrogates", () => {
    for (const text of ["a\u0000b", "a\nb", "tab\t", "\u007F", "\u009F", "\uD800"])
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
  });

  it("lets tabs and line breaks through text of several lines, nothing else", () => {
    expect(hasControlCharacter("one\r\ntwo\tthree", { multiline: true })).toBe(false);
    for (const text of ["a\u0000b", "\u000B", "\u000C", "\u001F", "\u0085", "\uDC00"]) {
      expect(hasControlCharacter(text, { multiline: true }), JSON.stringify(text)).toBe(true);
    }
  });

  it("turns each control character in search text into a space", () => {
    expect(normalizeSearch("a\u0000b\nc\uD800d")).toBe("a b c d");
  });
});

describe("the bidirectional-control rule (lib/text.ts)", () => {
  const controls = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];

  it("drops every embedding, override and isolate control", () => {
    for (const c of controls) expect(dropBidiControls(`Asha${c} Rao`), c.codePointAt(0)!.toString(16)).toBe("Asha Rao");
    expect(dropBidiControls(controls.join(""))).toBe("");
  });

  it("keeps right-to-left text and the marks that cannot reach outside it", () => {
    for (const text of ["مرحبا بك", "שלום", "a\u200Eb", "a\u200Fb", "a\u061Cb", "Zoë <b>", "ಕನ್ನಡ"])
      expect(dropBidiControls(text), text).toBe(text);
  });
});
