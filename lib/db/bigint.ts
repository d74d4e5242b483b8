// PostgreSQL's sum of integers is a bigint (64-bit), and `pg` hands a bigint to JavaScript as a
// string, since not every one fits a Number. The shop's sums do: a Number holds every integer
// below 2^53 exactly, and each sum here adds int columns (an order's total, a line's total or
// quantity, each below 2^31), so passing 2^53 would take over four million orders at the
// largest total an order can hold, inside the span summed. Should one ever get there, this
// throws rather than show a rounded figure.

/** A bigint sum or count from `pg` (a string; null for a sum over no rows) as a Number, exactly. */
export function bigintToNumber(value: string | number | null): number {
  if (value === null) return 0;
  const exact = BigInt(value);
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${exact} is beyond a Number's exact integers`);
  }
  return Number(exact);
}
