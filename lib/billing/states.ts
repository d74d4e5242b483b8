import GST_STATES from "@/lib/billing/gst-states.json";

// India's states and union territories with their GST state codes (the first two characters of
// a GSTIN, and the "29-Karnataka" of a place of supply in GSTR-1). Client-safe, plain data.
//
// Only the codes in use today: 25 (Daman and Diu) joined 26 when the two territories merged in
// 2020, and 28 (Andhra Pradesh before 2014) gave way to 37; their GSTINs were migrated. 97 is
// GSTN's "Other Territory" (offshore areas beyond any state). 96 (foreign) and 99 (Centre
// jurisdiction) name no place a kitchen could deliver to, so they are left out.

export type IndianState = {
  /** The two-digit GST state code: "29". */
  code: string;
  /** The name GSTN uses. */
  name: string;
  /** Other ways people write it: short codes (vehicle, ISO 3166-2:IN, GSTN's), old names. */
  aliases: readonly string[];
};

/** The table itself is data (gst-states.json): one row a state, in the order of its code. */
export const INDIAN_STATES: readonly IndianState[] = GST_STATES;

/** Lower case, "&" read as "and", dots, commas and dashes as spaces, runs of spaces as one. */
const key = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[.,\-_/]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const byCode = new Map(INDIAN_STATES.map((s) => [s.code, s]));
const byKey = new Map(INDIAN_STATES.flatMap((s) => [s.name, ...s.aliases].map((n) => [key(n), s] as const)));

/** The state of a two-digit GST code ("29"), or null. */
export const stateByCode = (code: string): IndianState | null => byCode.get(code) ?? null;

/** Whether `name` is a state's name exactly as GSTN writes it (what the business settings store). */
export const isStateName = (name: string): boolean => INDIAN_STATES.some((s) => s.name === name);

/**
 * The state a customer or an admin typed, where it can be told: "karnataka", " Karnataka ",
 * "KA", "Orissa", "J & K", the code "29" or a place of supply "29-Karnataka". Null when it
 * names no state (a typo, a city): the caller decides what stands in for it.
 */
export function matchState(text: string): IndianState | null {
  const typed = key(text);
  const code = /^(\d{1,2})(?: (.+))?$/.exec(typed);
  if (code) {
    const found = stateByCode(code[1].padStart(2, "0"));
    // "29 Karnataka" (from "29-Karnataka") must name the same state twice.
    return found && (code[2] === undefined || byKey.get(code[2]) === found) ? found : null;
  }
  return byKey.get(typed) ?? null;
}

/** "29-Karnataka", as GSTR-1 and the invoice write a place of supply. */
const placeOfSupplyLabel = (s: IndianState): string => `${s.code}-${s.name}`;

/** The place of supply of a state as typed ("karnataka" → "29-Karnataka"), or null when it names none. */
export function placeOfSupply(stateText: string): string | null {
  const found = matchState(stateText);
  return found ? placeOfSupplyLabel(found) : null;
}
