import { z } from "zod";

// What the settings forms' number boxes hold, on its way to the API's rules (client-safe, pure).

/**
 * A number box's text: digits are a number, blank is `blank`; anything else goes on as it is, for
 * the API's rule to refuse with its own message ("must be a whole number from 1 to 1000").
 */
export function numberFromText<B>(text: string, blank: B): number | string | B {
  const t = text.trim();
  if (t === "") return blank;
  return /^\d{1,9}$/.test(t) ? Number(t) : t;
}

/** A required number: blank is refused by the rule it is piped into. */
export const numberText = z.string().transform((text) => numberFromText(text, null));
