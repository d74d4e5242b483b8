import type { HTMLAttributes } from "react";

/**
 * none: the content brings its own spacing (a table, a picture card); lg: a form with room to
 * breathe; xl: a card that is the whole page (the account forms).
 */
type Padding = "none" | "md" | "lg" | "xl";

const paddings: Record<Padding, string> = { none: "", md: "p-4", lg: "p-4 sm:p-6", xl: "p-4 sm:p-8" };

/** The white card every page groups its content in; for an element that is not a Panel tag (a link, a list). */
export function panelClass(padding: Padding = "md", extra = "") {
  return `rounded-2xl border border-stone-200 bg-white shadow-sm ${paddings[padding]} ${extra}`;
}

type Props = HTMLAttributes<HTMLElement> & {
  /** The element that says what the card is: a section with a heading, one entry of a list, an article. */
  as?: "section" | "div" | "li" | "article";
  padding?: Padding;
};

export function Panel({ as: Tag = "section", padding = "md", className = "", ...props }: Props) {
  return <Tag className={panelClass(padding, className)} {...props} />;
}
