import "server-only";
import { db } from "@/lib/db";
import { looksLikeRowId } from "@/lib/db/schema";
import { NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { Prisma } from "@/lib/generated/prisma/client";
import { creditNoteDocument } from "@/lib/billing/credit-note-document";
import { creditNotePdf } from "@/lib/billing/credit-note-pdf";
import type { CreditNoteDocument } from "@/lib/billing/credit-note-types";
import { parseCreditNoteNumber } from "@/lib/billing/numbers";
import { ORDER_NOT_FOUND, visibleTo } from "@/lib/orders/rows";

// One credit note of an order (product.md §11), for its owner and admins: anyone else, and any
// number that is not one of this order's notes, meets the same "not found" as for the order, so
// no id or number is confirmed to exist. The note is read as it was issued (its `document`); one
// issued before notes kept their document is put together from its invoice and refund, which no
// longer change either. Its PDF is rendered once, at the first download, and kept.

const CREDIT_NOTE_NOT_FOUND = "Credit note not found.";

/** A note's figures and its refund's reason: what the invoice lists of each of its notes. */
export const noteSummaryColumns = {
  number: true,
  issuedAt: true,
  amount: true,
  taxableValue: true,
  cgst: true,
  sgst: true,
  refund: { select: { reason: true } },
} satisfies Prisma.CreditNoteSelect;

const noteColumns = {
  ...noteSummaryColumns,
  id: true,
  document: true,
  invoice: { select: { number: true, issuedAt: true, kind: true, buyerGstin: true, buyerLegalName: true, document: true } },
} satisfies Prisma.CreditNoteSelect;

type NoteRow = Prisma.CreditNoteGetPayload<{ select: typeof noteColumns }>;

/** The text of a route's [number], decoded once if it still carries %-escapes ("CN%2F26-27%2F1"). */
export function creditNoteParam(raw: string): string {
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

async function noteRow(viewer: SessionUser, orderId: string, number: string): Promise<NoteRow> {
  if (!looksLikeRowId(orderId)) throw new NotFound(ORDER_NOT_FOUND);
  const order = await db().order.findFirst({ where: { id: orderId, ...visibleTo(viewer) }, select: { id: true } });
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  if (!parseCreditNoteNumber(number)) throw new NotFound(CREDIT_NOTE_NOT_FOUND);
  const note = await db().creditNote.findFirst({ where: { number, invoice: { orderId } }, select: noteColumns });
  if (!note) throw new NotFound(CREDIT_NOTE_NOT_FOUND);
  return note;
}

function documentOf(note: NoteRow): CreditNoteDocument {
  // Written only by credit-notes.ts, from creditNoteDocument.
  if (note.document) return note.document as CreditNoteDocument;
  return creditNoteDocument(note.invoice, { ...note, reason: note.refund.reason });
}

/** Credit note `number` of order `orderId`, as `viewer` may read it; 404 otherwise. */
export async function getCreditNoteFor(viewer: SessionUser, orderId: string, number: string): Promise<CreditNoteDocument> {
  return documentOf(await noteRow(viewer, orderId, number));
}

/** The note's PDF as first rendered (rendered and kept now, if this is the first time it is asked for). */
export async function creditNotePdfFor(viewer: SessionUser, orderId: string, number: string) {
  const note = await noteRow(viewer, orderId, number);
  const kept = await db().creditNote.findUnique({ where: { id: note.id }, select: { pdf: true } });
  if (kept?.pdf) return { number: note.number, pdf: new Uint8Array(kept.pdf) };
  const pdf = await creditNotePdf(documentOf(note));
  // Two first downloads at once: the first to write keeps its file, and both answer with that one.
  const { count } = await db().creditNote.updateMany({ where: { id: note.id, pdf: null }, data: { pdf: Buffer.from(pdf) } });
  if (count === 1) return { number: note.number, pdf };
  const first = await db().creditNote.findUniqueOrThrow({ where: { id: note.id }, select: { pdf: true } });
  return { number: note.number, pdf: new Uint8Array(first.pdf!) };
}

/** The credit notes of order `orderId` that `viewer` may see, oldest first (none for an order they may not see): the pages' links. */
export async function creditNotesOfOrder(
  viewer: SessionUser,
  orderId: string,
): Promise<{ number: string; issuedAt: string; amount: number }[]> {
  if (!looksLikeRowId(orderId)) return [];
  const notes = await db().creditNote.findMany({
    where: { invoice: { orderId, order: visibleTo(viewer) } },
    select: { number: true, issuedAt: true, amount: true },
    orderBy: [{ financialYear: "asc" }, { serial: "asc" }],
  });
  return notes.map((n) => ({ ...n, issuedAt: n.issuedAt.toISOString() }));
}
