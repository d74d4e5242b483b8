import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { getInvoicePdfFor } from "@/lib/billing/invoice-read";
import { invoiceFileName } from "@/lib/billing/invoice-view";

// The bill as a PDF download (product.md §11): the owner or an admin, as GET /api/orders/{id}/invoice
// (401 signed out, 404 someone else's order or before it is issued), kept as first rendered.
export const GET = route<RouteContext<"/api/orders/[id]/invoice.pdf">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id } = await ctx.params;
  const { number, pdf } = await getInvoicePdfFor(user, id);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(number)}"`,
      // A tax document of one customer: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
});
