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

const state = (code: string, name: string, ...aliases: string[]): IndianState => ({ code, name, aliases });

export const INDIAN_STATES: readonly IndianState[] = [
  state("01", "Jammu and Kashmir", "JK", "J&K"),
  state("02", "Himachal Pradesh", "HP"),
  state("03", "Punjab", "PB"),
  state("04", "Chandigarh", "CH"),
  state("05", "Uttarakhand", "UK", "Uttaranchal"),
  state("06", "Haryana", "HR"),
  state("07", "Delhi", "DL", "New Delhi", "NCT of Delhi"),
  state("08", "Rajasthan", "RJ"),
  state("09", "Uttar Pradesh", "UP"),
  state("10", "Bihar", "BR", "BH"),
  state("11", "Sikkim", "SK"),
  state("12", "Arunachal Pradesh", "AR"),
  state("13", "Nagaland", "NL"),
  state("14", "Manipur", "MN"),
  state("15", "Mizoram", "MZ"),
  state("16", "Tripura", "TR"),
  state("17", "Meghalaya", "ML"),
  state("18", "Assam", "AS"),
  state("19", "West Bengal", "WB"),
  state("20", "Jharkhand", "JH"),
  state("21", "Odisha", "OD", "OR", "Orissa"),
  state("22", "Chhattisgarh", "CG", "CT", "Chattisgarh"),
  state("23", "Madhya Pradesh", "MP"),
  state("24", "Gujarat", "GJ"),
  state("26", "Dadra and Nagar Haveli and Daman and Diu", "DH", "DN", "DD", "Dadra and Nagar Haveli", "Daman and Diu"),
  state("27", "Maharashtra", "MH"),
  state("29", "Karnataka", "KA"),
  state("30", "Goa", "GA"),
  state("31", "Lakshadweep", "LD"),
  state("32", "Kerala", "KL"),
  state("33", "Tamil Nadu", "TN"),
  state("34", "Puducherry", "PY", "Pondicherry"),
  state("35", "Andaman and Nicobar Islands", "AN", "Andaman and Nicobar"),
  state("36", "Telangana", "TS", "TG"),
  state("37", "Andhra Pradesh", "AP"),
  state("38", "Ladakh", "LA"),
  state("97", "Other Territory", "OT"),
];

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
