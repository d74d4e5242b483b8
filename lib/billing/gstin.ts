import { stateByCode } from "@/lib/billing/states";

// The GSTIN (product.md §11): 15 characters, checked as GSTN does before a typo reaches a bill.
//   29 AAACR5055K 1 Z 5
//   │  │          │ │ └ check character (mod-36 checksum of the first 14)
//   │  │          │ └ "Z" by default
//   │  │          └ entity number: the holder's 1st, 2nd … registration in that state (1–9, then A–Z)
//   │  └ the holder's PAN: 5 letters, 4 digits, a letter
//   └ GST state code

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (Luhn mod 36, as GSTN publishes it): each
 * character's value 0–35, weighted 1, 2, 1, 2 … from the left; each product written in base 36
 * and its two digits added (quotient + remainder); check = (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const value = ALPHABET.indexOf(body[i]);
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${body[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/**
 * A GSTIN as typed, written as GSTN writes it: spaces dropped, upper case. People copy them from
 * letters and screens in any case; the check is the same.
 */
export const normaliseGstin = (input: string): string => input.replace(/\s+/g, "").toUpperCase();

/** What is wrong with a GSTIN (after normalising), or null when it is a valid one. */
export function gstinProblem(input: string): "format" | "state" | "checksum" | null {
  const gstin = normaliseGstin(input);
  if (!FORMAT.test(gstin)) return "format";
  if (!stateByCode(gstin.slice(0, 2))) return "state";
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : "checksum";
}

/** Whether `input` is a valid GSTIN: its format, a state code in use and its check character. */
export const isValidGstin = (input: string): boolean => gstinProblem(input) === null;

/** The two-digit GST state code a GSTIN begins with ("29"), or null when it is not a valid GSTIN. */
export const gstinStateCode = (input: string): string | null => (isValidGstin(input) ? normaliseGstin(input).slice(0, 2) : null);
