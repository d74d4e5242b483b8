// Invoice and credit note numbers (product.md §11): `<prefix>/<financial year>/<serial>`, as GST's
// invoice rules allow (rule 46(b): at most 16 characters of letters, digits, "-" and "/", unique
// within a financial year). "FB/26-27/1"; credit notes run their own series, "CN/26-27/1".
//
// With the longest prefix (4 characters) "ABCD/26-27/" leaves 5 characters: serials up to 99,999
// a year; "FB" leaves 7 (9,999,999). Past that a number would break the rule, so it is refused,
// never cut short: the caller must stop issuing (or the admin choose a shorter prefix) before it.

export const MAX_DOCUMENT_NUMBER_LENGTH = 16;

/** Credit notes' own series: an invoice prefix may not be this (see business-schema.ts). */
export const CREDIT_NOTE_PREFIX = "CN";

/** 1–4 letters or digits, upper case, as the business settings store it. */
export const INVOICE_PREFIX = /^[A-Z0-9]{1,4}$/;
const FY_LABEL = /^(\d{2})-(\d{2})$/;
const SERIAL = /^[1-9]\d*$/;

export type DocumentNumber = { prefix: string; fyLabel: string; serial: number };

/** "26-27": two consecutive years' last two digits ("99-00" too). */
export function isFyLabel(label: string): boolean {
  const m = FY_LABEL.exec(label);
  return m !== null && (Number(m[1]) + 1) % 100 === Number(m[2]);
}

/** The largest serial that keeps a number with this prefix within 16 characters. */
export function maxSerial(prefix: string): number {
  const room = MAX_DOCUMENT_NUMBER_LENGTH - `${prefix}/26-27/`.length;
  return 10 ** room - 1;
}

function documentNumber(prefix: string, fyLabel: string, serial: number): string {
  if (!INVOICE_PREFIX.test(prefix)) throw new RangeError(`Not an invoice prefix (1–4 letters or digits): ${prefix}`);
  if (!isFyLabel(fyLabel)) throw new RangeError(`Not a financial year label like 26-27: ${fyLabel}`);
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError(`Not a serial (1, 2, 3 …): ${serial}`);
  if (serial > maxSerial(prefix)) {
    throw new RangeError(`Serial ${serial} would make ${prefix}'s number longer than ${MAX_DOCUMENT_NUMBER_LENGTH} characters`);
  }
  return `${prefix}/${fyLabel}/${serial}`;
}

/** "FB/26-27/1". Throws when the prefix, the label or the serial is not one, or the number would pass 16 characters. */
export function invoiceNumber(prefix: string, fyLabel: string, serial: number): string {
  if (prefix === CREDIT_NOTE_PREFIX) throw new RangeError(`${CREDIT_NOTE_PREFIX} is the credit notes' prefix`);
  return documentNumber(prefix, fyLabel, serial);
}

/** "CN/26-27/1". */
export const creditNoteNumber = (fyLabel: string, serial: number): string => documentNumber(CREDIT_NOTE_PREFIX, fyLabel, serial);

/** The parts of a number made by either function above, or null for any other text. */
export function parseDocumentNumber(text: string): DocumentNumber | null {
  const [prefix, fyLabel, serialText, ...rest] = text.split("/");
  if (rest.length > 0 || serialText === undefined || !SERIAL.test(serialText)) return null;
  const serial = Number(serialText);
  if (!INVOICE_PREFIX.test(prefix) || !isFyLabel(fyLabel) || serial > maxSerial(prefix)) return null;
  return { prefix, fyLabel, serial };
}

/** An invoice number's parts; null for a credit note's or any other text. */
export function parseInvoiceNumber(text: string): DocumentNumber | null {
  const parts = parseDocumentNumber(text);
  return parts && parts.prefix !== CREDIT_NOTE_PREFIX ? parts : null;
}

/** A credit note number's parts; null for an invoice's or any other text. */
export function parseCreditNoteNumber(text: string): DocumentNumber | null {
  const parts = parseDocumentNumber(text);
  return parts && parts.prefix === CREDIT_NOTE_PREFIX ? parts : null;
}
