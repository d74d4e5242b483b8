// The landing page's "Do we deliver to you?" answer, as the server action returns it and the
// form shows it (client-safe: a type only).

export type PinAnswer = {
  /** What was typed (so the field keeps it, with or without JavaScript). */
  pin: string;
  /** yes: served (with the terms); no: not served yet; invalid: not a 6-digit PIN. */
  tone: "yes" | "no" | "invalid";
  words: string;
};
