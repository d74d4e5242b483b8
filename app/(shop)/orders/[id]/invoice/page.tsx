import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import { findOrderFor } from "@/lib/orders/queries";
import { orderNumber } from "@/lib/orders/status";
import { getInvoiceFor } from "@/lib/billing/invoice-read";
import { invoiceView } from "@/lib/billing/invoice-view";
import { NotFound } from "@/lib/errors";
import { EmptyState } from "@/components/ui/empty-state";
import { buttonClass } from "@/components/ui/button";
import { InvoiceDocument } from "@/components/orders/invoice-document";
import { PrintButton } from "@/components/orders/print-button";
import { PRINT_CSS } from "./print";
import { CreditNoteLinks } from "@/components/orders/credit-note-links";

// Per visitor (the session): rendered for each request, not prerendered.
export const instant = false;

export async function generateMetadata({ params }: PageProps<"/orders/[id]/invoice">): Promise<Metadata> {
  const { id } = await params;
  return { title: `Bill for order #${orderNumber(id)}`, robots: { index: false, follow: false } };
}

/** The bill, or null while there is none (issued when paid online, or with a cash order's delivery). */
async function billOf(...args: Parameters<typeof getInvoiceFor>) {
  try {
    return await getInvoiceFor(...args);
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

export default async function InvoicePage({ params }: PageProps<"/orders/[id]/invoice">) {
  const { id } = await params;
  const user = await requirePageUser(`/orders/${encodeURIComponent(id)}/invoice`);
  // Someone else's order, or none: the order pages' own not-found answer (../not-found.tsx).
  const order = await findOrderFor(user, id);
  if (!order) notFound();
  const orderPage = `/orders/${encodeURIComponent(order.id)}`;
  const invoice = order.invoice ? await billOf(user, order.id) : null;
  if (!invoice) {
    return (
      <EmptyState
        title={`Bill for order #${orderNumber(order.id)}`}
        message="The bill is issued when the order is paid online, or when it is delivered if paid in cash."
        links={[{ href: orderPage, label: "Back to the order", primary: true }]}
      />
    );
  }
  return (
    <div className="space-y-4">
      <style>{PRINT_CSS}</style>
      <div data-print="hide" className="flex flex-wrap items-center gap-2">
        <Link href={orderPage} className="mr-auto text-sm font-semibold text-brand-800 underline">
          ← Order #{orderNumber(order.id)}
        </Link>
        <PrintButton />
        <a href={`/api/orders/${encodeURIComponent(order.id)}/invoice.pdf`} download className={buttonClass("primary")}>
          Download PDF
        </a>
      </div>
      <InvoiceDocument view={invoiceView(invoice)} />
      {/* Documents of their own, issued since: the bill above stays as it was issued. */}
      <div data-print="hide">
        <CreditNoteLinks orderId={order.id} notes={invoice.creditNotes} />
      </div>
    </div>
  );
}
