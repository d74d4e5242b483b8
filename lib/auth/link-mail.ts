import "server-only";
import type { LinkMail, LinkMailJob } from "@/lib/jobs/mail";
import { seal } from "@/lib/auth/seal";

// The confirm and reset mails carry a link with a raw one-time token; the job holds it sealed.

/** What a sealed link is bound to: the same link does not open in another user's or kind's job. */
export function linkContext(mail: LinkMail, userId: string): string {
  return `${mail}:${userId}`;
}

/** A confirm or reset mail for `userId` with its link (containing the raw token) sealed. */
export function linkMailJob(mail: LinkMail, userId: string, url: string): LinkMailJob {
  return { mail, userId, link: seal(url, linkContext(mail, userId)) };
}
