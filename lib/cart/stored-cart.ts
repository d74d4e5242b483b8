import { PORTION_KEYS, type PortionKey } from "@/lib/portions";
import { ROW_ID } from "@/lib/db/row-id";
import { isAllowedImageUrl, PLACEHOLDER_IMAGE } from "@/lib/menu/image-url";
import { cartIdOf, customCartIdOf } from "@/lib/cart/lines";
import { MAX_LINE_QUANTITY, MAX_NOTE_LENGTH } from "@/lib/orders/limits";
import type { CartLine, CartLineOption } from "@/lib/cart/types";

// The cart saved in localStorage, which an older shop, another tab or a person with the
// developer tools may have written, read back without ever breaking a page. Checked by hand, not
// with zod: the cart's badge is in every page's header, and the schema library would add itself to
// every page's first load (bench/README.md, first-load JS).

/** More options than any item may have (10 groups of 20 choices). */
const OPTIONS_MAX = 200;

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isPortion = (v: unknown): v is PortionKey => typeof v === "string" && (PORTION_KEYS as readonly string[]).includes(v);
const isText = (v: unknown, max: number): v is string => typeof v === "string" && v.trim().length > 0 && v.length <= max;

function optionFrom(raw: unknown): CartLineOption | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { id, group, name, price } = raw as Record<string, unknown>;
  if (typeof id !== "string" || !ROW_ID.test(id) || !isText(group, 100) || !isText(name, 100) || !isCount(price) || price < 0) return null;
  return { id, group, name, price };
}

/** The options and note of a saved line; a line saved before options existed has the defaults. null: not a list this shop wrote. */
function choicesFrom(options: unknown, note: unknown): Pick<CartLine, "options" | "note"> | null {
  if (options === undefined && note === undefined) return { options: [], note: "" };
  if (!Array.isArray(options) || options.length > OPTIONS_MAX || typeof note !== "string" || note.length > MAX_NOTE_LENGTH) return null;
  const parsed = options.map(optionFrom);
  if (parsed.some((o) => o === null)) return null;
  const kept = parsed as CartLineOption[];
  if (new Set(kept.map((o) => o.id)).size !== kept.length) return null;
  return { options: kept, note };
}

function lineFrom(raw: unknown): CartLine | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { cartId, id, name, image, portion, price, quantity, options, note, diet } = raw as Record<string, unknown>;
  if (typeof id !== "string" || !ROW_ID.test(id.trim()) || !isPortion(portion)) return null;
  const title = typeof name === "string" ? name.trim() : "";
  if (title.length < 1 || title.length > 200 || !isCount(price) || price < 0 || !isCount(quantity) || quantity < 1) return null;
  const choices = choicesFrom(options, note);
  if (!choices) return null;
  // Lines are matched by cartId, so it must be the one the cart's own rule gives: the plain one
  // for the defaults (no options, no note), the suffixed one naming exactly these choices otherwise.
  const plain = cartIdOf(id.trim(), portion);
  const custom = customCartIdOf(
    id.trim(),
    portion,
    choices.options.map((o) => o.id),
    choices.note,
  );
  if (cartId !== (cartId === plain && choices.options.length === 0 && choices.note === "" ? plain : custom)) return null;
  return {
    cartId,
    id: id.trim(),
    name: title,
    // The image goes into <Image>: only what an admin may save (https: or a site path).
    image: typeof image === "string" && isAllowedImageUrl(image) ? image : PLACEHOLDER_IMAGE,
    portion,
    price,
    // A line saved before the limit existed keeps its item, at the most the order API takes.
    quantity: Math.min(quantity, MAX_LINE_QUANTITY),
    ...choices,
    diet: diet === "veg" || diet === "non-veg" ? diet : null,
  };
}

/**
 * The lines of the cart saved as `text` (zustand's `{ state: { lines }, version }`, any version),
 * whatever was saved: text that is no saved cart gives an empty cart, a line that does not parse
 * (or repeats a cartId) is dropped and the others are kept.
 */
export function storedCartLines(text: string | null): CartLine[] {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    return [];
  }
  const lines = (data as { state?: { lines?: unknown } } | null)?.state?.lines;
  if (!Array.isArray(lines)) return [];
  const kept: CartLine[] = [];
  for (const raw of lines) {
    const line = lineFrom(raw);
    if (line && !kept.some((l) => l.cartId === line.cartId)) kept.push(line);
  }
  return kept;
}
