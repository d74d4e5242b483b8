// The landing page's "Do we deliver to you?" answer, as the server action returns it and the
// form shows it (client-safe, plain data).

/** The landing page section's id: where a browser without JavaScript comes back to with the answer. */
export const DELIVERY_CHECK_ID = "do-we-deliver";

export type PinAnswer = {
  /** What was typed (so the field keeps it, with or without JavaScript). */
  pin: string;
  /** yes: served (with the terms); no: not served yet; invalid: not a 6-digit PIN. */
  tone: "yes" | "no" | "invalid";
  words: string;
};
