import "server-only";
import type { Task } from "graphile-worker";
import { MAIL_TASK, mailJobSchema, mailMessageSchema } from "@/lib/jobs/mail";
import { dropMessage, recordMessageAttempt, recordMessageSent } from "@/lib/jobs/message-outcome";
import { composeMail, UnsendableMail } from "@/lib/email/compose";
import { sendEmail } from "@/lib/email/send";

// The mail domain's one job: render a queued mail from the shop's data as it is now and send it.
// A mail about an order records on its outbox row (product.md §14) whether it went.

const sendMail: Task = async (payload, helpers) => {
  const job = mailJobSchema.safeParse(payload);
  const messageId = mailMessageSchema.safeParse(payload).data?.messageId;
  try {
    // A malformed payload or a link that cannot be opened will never send: log it and let the
    // job go, rather than failing it 25 times over three days.
    if (!job.success)
      throw new UnsendableMail(`malformed ${MAIL_TASK} payload: ${job.error.issues.map((i) => i.path.join(".")).join(", ")}`);
    const mail = await composeMail(job.data);
    if (!mail) {
      if (messageId) await dropMessage(messageId);
      return;
    }
    // Stable for every attempt of this job, and unlikely to meet another database's job ids.
    await sendEmail(mail, { idempotencyKey: `fresh-bowl-mail/${helpers.job.id}/${new Date(helpers.job.created_at).getTime()}` });
    if (messageId) await recordMessageSent(messageId);
  } catch (error) {
    const final = error instanceof UnsendableMail || helpers.job.attempts >= helpers.job.max_attempts;
    if (messageId) await recordMessageAttempt(messageId, error instanceof Error ? error.message : String(error), final);
    if (!(error instanceof UnsendableMail)) throw error;
    helpers.logger.error(`Dropped mail job ${helpers.job.id}: ${error.message}`);
  }
};

export const mailTasks = { [MAIL_TASK]: sendMail };
