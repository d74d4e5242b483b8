// What one order line may hold (product.md §8), client-safe and without imports: the order API's
// schema, the cart and the bowl chooser all read these, so the browser never offers what the
// server would refuse.

/** At most this many of one line. */
export const MAX_LINE_QUANTITY = 20;

/** The longest note for the kitchen a line may carry. */
export const MAX_NOTE_LENGTH = 140;
