import type { ReorderReply, SkipReason } from "@/lib/reorder/types";

// The sentence "Order again" shows (product.md §13), client-safe: what went into the cart and, in
// words, what did not (`Added 2 bowls; Egg Caesar is sold out`).

const WHY: Record<SkipReason, (name: string) => string> = {
  sold_out: (name) => `${name} is sold out`,
  removed: (name) => `${name} is no longer on the menu`,
  option_unavailable: (name) => `${name} has a choice that is no longer offered`,
};

const bowls = (n: number) => (n === 1 ? "1 bowl" : `${n} bowls`);

/** "Added 2 bowls", then each line left out and why, joined by semicolons; "Nothing was added" when none went in. */
export function reorderSentence({ lines, skipped }: ReorderReply): string {
  const added = lines.reduce((n, l) => n + l.quantity, 0);
  return [added > 0 ? `Added ${bowls(added)}` : "Nothing was added", ...skipped.map((s) => WHY[s.reason](s.name))].join("; ");
}
