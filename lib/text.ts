// The control-character rule, once (client-safe, no zod: the cart checks saved image URLs in
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

/** `text` with each control character (or lone surrogate) turned into a space, for search text. */
export function controlCharactersToSpaces(text: string): string {
  return text.replace(CONTROL_ALL, " ");
}
