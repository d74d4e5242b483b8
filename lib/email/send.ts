import "server-only";
import { randomUUID } from "node:crypto";
import { toPlainText } from "@react-email/render";
import { Resend } from "resend";
import { env } from "@/lib/env";
import { addToOutbox } from "@/lib/email/outbox";
import type { Mail } from "@/lib/email/types";

// The last step of a queued mail (lib/email/task.ts calls it; the rest of the shop queues mail
// through lib/jobs/mail.ts instead of calling this).

// What react-email's `render` puts first: the XHTML doctype mail clients expect.
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Sends through Resend when RESEND_API_KEY is set (the SDK honours RESEND_BASE_URL); else the
 * dev outbox of this process. Throws when the provider refuses, so the job is retried.
 * `idempotencyKey` lets Resend drop a second copy if a worker sent the mail but died before it
 * could mark the job done.
 */
export async function sendEmail({ to, subject, template, text: written }: Mail, options: { idempotencyKey?: string } = {}): Promise<void> {
  const { RESEND_API_KEY, EMAIL_FROM, isProduction } = env();
  // A production server without a key has no reader for the mail: /dev/outbox never answers
  // there, and a reset or confirmation link in a production log would hand the account to
  // whoever reads the log (product.md §5). So it names the mail and skips rendering it, a good
  // share of the CPU a placed order takes with its mail (bench/README.md).
  if (!RESEND_API_KEY && isProduction) {
    console.info(`[outbox] not delivered (RESEND_API_KEY is not set): "${subject}"`);
    return;
  }
  // Our templates are synchronous, so React's static renderer does: react-email's `render` streams
  // with Suspense support at several times the cost (bench/README.md), and its `plainText` option
  // rendered the template a second time. A mail without a written text
  // part gets one made from the HTML with react-email's own converter and selectors.
  // Imported on use, as react-email does: Next refuses a static import of react-dom/server in
  // server code (it wants Server Components instead, which a mail is not).
  const { renderToStaticMarkup } = await import("react-dom/server");
  const html = DOCTYPE + renderToStaticMarkup(template);
  const text = written ?? toPlainText(html);
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
