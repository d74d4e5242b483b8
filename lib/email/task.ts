import "server-only";
import type { Task } from "graphile-worker";
import { MAIL_TASK, mailJobSchema } from "@/lib/jobs/mail";
import { composeMail, UnsendableMail } from "@/lib/email/compose";
import { sendEmail } from "@/lib/email/send";

// The mail domain's one job: render a queued mail from the shop's data as it is now and send it.

const sendMail: Task = async (payload, helpers) => {
  const job = mailJobSchema.safeParse(payload);
  try {
    // A malformed payload or a link that cannot be opened will never send: log it and let the
    // job go, rather than failing it 25 times over three days.
    if (!job.success)
      throw new UnsendableMail(`malformed ${MAIL_TASK} payload: ${job.error.issues.map((i) => i.path.join(".")).join(", ")}`);
    const mail = await composeMail(job.data);
    if (!mail) return;
    // Stable for every attempt of this job, and unlikely to meet another database's job ids.
    await sendEmail(mail, { idempotencyKey: `fresh-bowl-mail/${helpers.job.id}/${new Date(helpers.job.created_at).getTime()}` });
  } catch (error) {
    if (!(error instanceof UnsendableMail)) throw error;
    helpers.logger.error(`Dropped mail job ${helpers.job.id}: ${error.message}`);
  }
};

export const mailTasks = { [MAIL_TASK]: sendMail };
