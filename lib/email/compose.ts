import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { orderForMail, placedOrder } from "@/lib/email/order-for-mail";
import { orderNumber } from "@/lib/orders/status";
import type { Mail } from "@/lib/email/types";
import type { LinkMailJob, MailJob } from "@/lib/jobs/mail";
import { linkContext } from "@/lib/auth/link-mail";
import { open } from "@/lib/auth/seal";
import { ConfirmEmail } from "@/lib/email/templates/confirm-email";
import { ResetPasswordEmail } from "@/lib/email/templates/reset-password";
import { OrderConfirmationEmail, orderConfirmationText } from "@/lib/email/templates/order-confirmation";
import { OrderStatusEmail, orderStatusSubject, orderStatusText } from "@/lib/email/templates/order-status";
import { OrderLateEmail, orderLateSubject, orderLateText } from "@/lib/email/templates/order-late";
import { RefundEmail, refundSubject, refundText } from "@/lib/email/templates/refund";
import { isDelayable } from "@/lib/orders/delay-rules";
import { readBusiness } from "@/lib/billing/business";
import { complaintForMail } from "@/lib/complaints/queries";
import {
  ComplaintAcknowledgedEmail,
  ComplaintResolvedEmail,
  complaintAcknowledgedSubject,
  complaintAcknowledgedText,
  complaintResolvedSubject,
  complaintResolvedText,
  type ComplaintMailProps,
} from "@/lib/email/templates/complaint";
import { creditNotePath } from "@/lib/billing/credit-note-types";

// Turns a queued job into the mail to send, reading what it needs as it is now. null means
// there is nothing (left) to send: the account or order is gone, or the mail is moot.

/** Thrown for a job that can never be sent; the worker logs it rather than retrying in vain. */
export class UnsendableMail extends Error {}

async function recipient(userId: string) {
  return db().user.findUnique({ where: { id: userId }, select: { email: true, name: true, emailConfirmedAt: true } });
}

function openLink(job: LinkMailJob): string {
  const url = open(job.link, linkContext(job.mail, job.userId));
  // A changed AUTH_SECRET (or a tampered row): the link is lost; the user can ask for a new one.
  if (!url) throw new UnsendableMail(`the ${job.mail} link for user ${job.userId} cannot be opened (AUTH_SECRET changed?)`);
  return url;
}

/**
 * The FSSAI licence number every order mail's footer shows (product.md §11), as the details are
 * now: read with each mail (one row by its key) rather than kept, so a mail never shows a number
 * an admin has since changed.
 */
async function fssaiNow(): Promise<string | null> {
  return (await readBusiness()).fssai;
}

async function complaintMailProps(complaintId: string): Promise<ComplaintMailProps | null> {
  const complaint = await complaintForMail(complaintId);
  if (!complaint) return null;
  const orderCode = complaint.orderId ? `#${orderNumber(complaint.orderId)}` : null;
  return { complaint, orderCode, url: `${env().appUrl}/help` };
}

export async function composeMail(job: MailJob): Promise<Mail | null> {
  switch (job.mail) {
    case "confirm-email": {
      const user = await recipient(job.userId);
      // Confirmed meanwhile (e.g. with an earlier mail): this link no longer works, so no mail.
      if (!user || user.emailConfirmedAt) return null;
      return { to: user.email, subject: "Confirm your Fresh Bowl account", template: ConfirmEmail({ url: openLink(job) }) };
    }
    case "reset-password": {
      const user = await recipient(job.userId);
      if (!user) return null;
      // The name greets only a confirmed account: an unconfirmed one's was typed by whoever
      // registered the address, maybe not its owner (product.md §5).
      const name = user.emailConfirmedAt ? user.name : null;
      return { to: user.email, subject: "Reset your Fresh Bowl password", template: ResetPasswordEmail({ name, url: openLink(job) }) };
    }
    case "order-confirmation": {
      // Placed orders carry themselves; older or hand-written jobs are read, as are those queued
      // before orders had a promise (product.md §9), whose snapshot lacks it.
      const order = job.order?.promisedBy ? placedOrder(job.order) : await orderForMail(job.orderId);
      if (!order) return null;
      const url = `${env().appUrl}/orders/${order.id}`;
      // Paid online: billed when paid (product.md §11), so this mail follows the bill.
      const props = { order, url, fssai: await fssaiNow(), bill: order.invoice ? `${url}/invoice` : undefined };
      return {
        to: order.user.email,
        subject: `Your Fresh Bowl order #${orderNumber(order.id)} is placed`,
        template: OrderConfirmationEmail(props),
        text: orderConfirmationText(props),
      };
    }
    case "order-status": {
      const order = await orderForMail(job.orderId);
      if (!order) return null;
      // "On its way" sent after the order arrived (a mail delayed by a provider outage) would
      // only confuse: the delivered mail tells the rest. Delivered and cancelled are final.
      if (order.status !== job.status) return null;
      const url = `${env().appUrl}/orders/${order.id}`;
      const props = { order, status: job.status, at: job.at, by: job.by, url, invoiceUrl: `${url}/invoice`, fssai: await fssaiNow() };
      return {
        to: order.user.email,
        subject: orderStatusSubject(order, job.status),
        template: OrderStatusEmail(props),
        text: orderStatusText(props),
      };
    }
    case "order-late": {
      const order = await orderForMail(job.orderId);
      // Delivered or cancelled meanwhile, or delayed again (that delay's mail tells the newer time).
      if (!order || !isDelayable(order.status) || order.promisedBy !== job.promisedBy) return null;
      const props = { order, url: `${env().appUrl}/orders/${order.id}`, fssai: await fssaiNow() };
      return { to: order.user.email, subject: orderLateSubject(order), template: OrderLateEmail(props), text: orderLateText(props) };
    }
    case "refund": {
      const row = await db().refund.findUnique({
        where: { id: job.refundId },
        select: { orderId: true, creditNote: { select: { number: true } } },
      });
      const order = row ? await orderForMail(row.orderId) : null;
      const refund = order?.payment.refunds.find((r) => r.id === job.refundId);
      if (!row || !order || !refund) return null;
      const url = `${env().appUrl}/orders/${order.id}`;
      const note = row.creditNote;
      // Queued with the note when the refund has one (lib/billing/credit-notes.ts), so it links it.
      const props = {
        order,
        refund,
        url,
        fssai: await fssaiNow(),
        creditNote: note ? { number: note.number, url: `${env().appUrl}${creditNotePath(order.id, note.number)}` } : null,
      };
      return { to: order.user.email, subject: refundSubject(props), template: RefundEmail(props), text: refundText(props) };
    }
    case "complaint-acknowledged": {
      const props = await complaintMailProps(job.complaintId);
      if (!props) return null;
      const { complaint } = props;
      return {
        to: complaint.user.email,
        subject: complaintAcknowledgedSubject(complaint),
        template: ComplaintAcknowledgedEmail(props),
        text: complaintAcknowledgedText(props),
      };
    }
    case "complaint-resolved": {
      const props = await complaintMailProps(job.complaintId);
      // Resolved is final; a ticket without its resolution has nothing to tell yet.
      if (!props || props.complaint.status !== "resolved") return null;
      const { complaint } = props;
      return {
        to: complaint.user.email,
        subject: complaintResolvedSubject(complaint),
        template: ComplaintResolvedEmail(props),
        text: complaintResolvedText(props),
      };
    }
  }
}
