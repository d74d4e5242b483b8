import type { ReactElement } from "react";
import { randomUUID } from "node:crypto";
import { render } from "@react-email/render";
import { Resend } from "resend";
import { env } from "@/lib/env";
import { addToOutbox } from "@/lib/email/outbox";

// The last step of a queued mail (lib/email/worker.ts calls it; request handlers queue mail
// through lib/email/queue.ts instead of calling this).

export type Mail = { to: string; subject: string; template: ReactElement };

/**
 * Sends through Resend when RESEND_API_KEY is set (the SDK honours RESEND_BASE_URL); else the
 * dev outbox of this process. Throws when the provider refuses, so the job is retried.
 * `idempotencyKey` lets Resend drop a second copy if a worker sent the mail but died before it
 * could mark the job done.
 */
export async function sendEmail({ to, subject, template }: Mail, options: { idempotencyKey?: string } = {}): Promise<void> {
  const [html, text] = await Promise.all([render(template), render(template, { plainText: true })]);
  const { RESEND_API_KEY, EMAIL_FROM } = env();
  if (!RESEND_API_KEY) {
    addToOutbox({ id: randomUUID(), to, subject, html, text, sentAt: new Date().toISOString() });
    const links = text.match(/https?:\/\/\S+/g) ?? [];
    console.info(`[outbox] to ${to}: ${subject}${links.length ? `\n  ${links.join("\n  ")}` : ""}`);
    return;
  }
  // A client per mail: cheap, and it picks up RESEND_BASE_URL as it is now.
  const { error } = await new Resend(RESEND_API_KEY).emails.send(
    { from: EMAIL_FROM, to, subject, html, text },
    options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined,
  );
  if (error) throw new Error(`Resend refused the mail: ${error.message}`);
}
