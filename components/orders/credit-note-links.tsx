import Link from "next/link";
import { creditNotePath } from "@/lib/billing/credit-note-types";
import { formatPaise } from "@/lib/money";
import { formatIndiaDate } from "@/lib/time";
import { TitledSection } from "@/components/ui/titled-section";

type Note = { number: string; issuedAt: string; amount: number };

/**
 * The order's credit notes, each a link to its own page (product.md §11), beside the bill rather
 * than inside it: an issued invoice never changes. Nothing when there are none.
 */
export function CreditNoteLinks({ orderId, notes }: { orderId: string; notes: Note[] }) {
  if (notes.length === 0) return null;
  return (
    <TitledSection title="Credit notes" className="text-sm">
      <ul className="mt-1 space-y-1">
        {notes.map((n) => (
          <li key={n.number}>
            <Link href={creditNotePath(orderId, n.number)} className="font-semibold text-brand-800 underline">
              Credit note {n.number}
            </Link>{" "}
            of {formatIndiaDate(n.issuedAt)}: {formatPaise(n.amount)}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
