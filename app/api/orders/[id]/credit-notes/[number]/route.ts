import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { creditNoteParam, creditNotePdfFor, getCreditNoteFor } from "@/lib/billing/credit-note-read";
import { creditNoteFileName } from "@/lib/billing/credit-note-types";

// One credit note of an order (product.md §11), its owner or an admin (404 for anyone else):
// `CN%2F26-27%2F1` answers the note as JSON, `CN%2F26-27%2F1.pdf` its PDF, as the bill's
// invoice / invoice.pdf.
export const GET = route<RouteContext<"/api/orders/[id]/credit-notes/[number]">>(async (req, ctx) => {
  const user = await requireUser(req);
  const { id, number: raw } = await ctx.params;
  const asked = creditNoteParam(raw);
  if (!asked.endsWith(".pdf")) {
    return NextResponse.json(await getCreditNoteFor(user, id, asked), { headers: { "Cache-Control": "private, no-store" } });
  }
  const { number, pdf } = await creditNotePdfFor(user, id, asked.slice(0, -".pdf".length));
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${creditNoteFileName(number)}"`,
      // A tax document of one customer: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
});
