import type { ReactElement } from "react";
import type { z } from "zod";
import type { mailJobSchema } from "@/lib/email/schema";

// The mail domain's shapes (client-safe): a queued job, and a mail ready to send.

export type MailJob = z.infer<typeof mailJobSchema>;
export type LinkMailJob = Extract<MailJob, { link: string }>;
export type LinkMail = LinkMailJob["mail"];

/**
 * A mail ready to send (send.ts renders `template`); `text` is the plain-text part as written for
 * this mail, and without it the part is made from the HTML.
 */
export type Mail = { to: string; subject: string; template: ReactElement; text?: string };
