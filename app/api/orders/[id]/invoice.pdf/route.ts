import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { getInvoiceFor } from "@/lib/billing/invoice-read";
import { invoicePdf } from "@/lib/billing/pdf";
import { invoiceFileName } from "@/lib/billing/invoice-view";

// The bill as a PDF download (product.md §11): the owner or an admin, as GET /api/orders/{id}/invoice
// (401 signed out, 404 someone else's order or before delivery).
export const GET = route<RouteContext<"/api/orders/[id]/invoice.pdf">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const invoice = await getInvoiceFor(user, id);
  return new Response(Buffer.from(await invoicePdf(invoice)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(invoice.number)}"`,
      // A tax document of one customer: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
});
