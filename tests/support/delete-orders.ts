import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

// Orders removed after a test, with what holds on to them: refunds, invoices and credit notes
// reference their order ON DELETE RESTRICT (a bill or a refund is never lost with its order in
// the shop), so tests remove them first, the credit notes before both.

export async function deleteOrders(where: Prisma.OrderWhereInput): Promise<void> {
  const prisma = db();
  await prisma.creditNote.deleteMany({ where: { invoice: { order: where } } });
  await prisma.invoice.deleteMany({ where: { order: where } });
  await prisma.refund.deleteMany({ where: { order: where } });
  await prisma.order.deleteMany({ where });
}
