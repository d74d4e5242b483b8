import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { panelClass } from "@/components/ui/panel";

/** A column heading; `hidden` ones are read out but not shown (a column of pictures). */
type Column = string | { label: string; hidden: true };

type Props = {
  /** Names the caption (`<id>-caption`), which names the scrolling region. */
  id: string;
  caption: string;
  columns: Column[];
  /** A literal Tailwind class such as "min-w-[56rem]": below it the table scrolls instead of squeezing. */
  minWidth: string;
  /** Where a row's cells line up: "middle" for rows of pictures and buttons. */
  align?: "top" | "middle";
  /** The rows. */
  children: ReactNode;
};

const cell = "px-3 py-3 text-sm";

/**
 * An admin table in a card that scrolls sideways inside itself on narrow screens. The box is
 * focusable so keyboard users can scroll it, and labelled by the caption for screen readers.
 */
export function Table({ id, caption, columns, minWidth, align = "top", children }: Props) {
  return (
    <div role="region" aria-labelledby={`${id}-caption`} tabIndex={0} className={panelClass("none", "relative overflow-x-auto")}>
      <table className={`w-full border-collapse ${minWidth}`}>
        <caption id={`${id}-caption`} className="px-3 py-2 text-left text-sm text-stone-700">
          {caption}
        </caption>
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            {columns.map((column) => {
              const label = typeof column === "string" ? column : column.label;
              return (
                <th key={label} scope="col" className="px-3 py-2 text-left text-xs font-bold tracking-wide text-stone-600 uppercase">
                  {typeof column === "string" ? label : <span className="sr-only">{label}</span>}
                </th>
              );
            })}
          </tr>
        </thead>
        {/* Cells inherit vertical-align from the row, which inherits it from here. */}
        <tbody className={`divide-y divide-stone-100 ${align === "top" ? "align-top" : "align-middle"}`}>{children}</tbody>
      </table>
    </div>
  );
}

/** One cell of a row. */
export function Cell({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`${cell} ${className}`} {...props} />;
}

/** The cell that names its row (a screen reader reads it before each of the row's cells). */
export function RowHeader({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="row" className={`${cell} text-left font-semibold ${className}`} {...props} />;
}
