import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import { NotFound } from "@/lib/errors";
import { orderNumber } from "@/lib/orders/status";
import { creditNoteParam, getCreditNoteFor } from "@/lib/billing/credit-note-read";
import { creditNotePath, creditNotePdfPath } from "@/lib/billing/credit-note-types";
import { creditNoteView } from "@/lib/billing/credit-note-view";
import { buttonClass } from "@/components/ui/button";
import { CreditNoteDocument } from "@/components/orders/credit-note-document";
import { PrintButton } from "@/components/orders/print-button";
import { PRINT_CSS } from "../../invoice/print";

// Per visitor (the session): rendered for each request, not prerendered.
export const instant = false;

export async function generateMetadata({ params }: PageProps<"/orders/[id]/credit-notes/[number]">): Promise<Metadata> {
  const { number } = await params;
  return { title: `Credit note ${creditNoteParam(number)}`, robots: { index: false, follow: false } };
}

// A credit note of the visitor's order, printable and as a PDF (product.md §11). Someone else's
// order, no order, or a number that is not one of this order's notes: the order pages' not-found.
export default async function CreditNotePage({ params }: PageProps<"/orders/[id]/credit-notes/[number]">) {
  const { id, number: raw } = await params;
  const number = creditNoteParam(raw);
  const user = await requirePageUser(creditNotePath(id, number));
  let note;
  try {
    note = await getCreditNoteFor(user, id, number);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
  const orderPage = `/orders/${encodeURIComponent(id)}`;
  return (
    <div className="space-y-4">
      <style>{PRINT_CSS}</style>
      <div data-print="hide" className="flex flex-wrap items-center gap-2">
        <Link href={orderPage} className="mr-auto text-sm font-semibold text-brand-800 underline">
          ← Order #{orderNumber(id)}
        </Link>
        <Link href={`${orderPage}/invoice`} className="text-sm font-semibold text-brand-800 underline">
          The invoice {note.invoice.number}
        </Link>
        <PrintButton />
        <a href={creditNotePdfPath(id, note.number)} download className={buttonClass("primary")}>
          Download PDF
        </a>
      </div>
      <CreditNoteDocument view={creditNoteView(note)} />
    </div>
  );
}
