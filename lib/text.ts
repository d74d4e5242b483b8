// The control-character rules, once (client-safe, no zod: the cart checks saved image URLs in
// every page's header). Names, addresses, notes, slugs and URLs accept any printable text in any
// script; control characters and lone surrogates are none of that, and PostgreSQL refuses a NUL
// outright (a 500 if it reached a query).

const CONTROL = /[\p{Cc}\p{Cs}]/u;
const CONTROL_ALL = /[\p{Cc}\p{Cs}]/gu;
// Tab, line feed and carriage return are text in a description of several lines.
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** Whether `text` holds a control character (or lone surrogate); `multiline` lets tabs and line breaks through. */
export function hasControlCharacter(text: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(text);
}

const SEARCH_MAX = 100;

/** Search text (the menu's, the users area's): trimmed, at most 100 characters, blank means none. */
export function normalizeSearch(value: string | null | undefined): string | undefined {
  // Control characters and lone surrogates cannot be in a name or description. They count as spaces.
  // Cut by code points, so a cut never leaves half of an emoji's surrogate pair.
  const text = Array.from((value ?? "").replace(CONTROL_ALL, " ").trim())
    .slice(0, SEARCH_MAX)
    .join("")
    .trim();
  return text === "" ? undefined : text;
}

// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) change the order
// in which the text after them is shown, past the end of the field: a name or a note could make a
// kitchen ticket, an admin table or a mail read otherwise than what it holds. Dropped rather than
// refused: text copied from a right-to-left page may carry them unseen. The marks that only
// steer neutral characters (U+200E, U+200F, U+061C) stay: they cannot reach outside the text.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` without bidirectional embedding, override and isolate controls. */
export function dropBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
