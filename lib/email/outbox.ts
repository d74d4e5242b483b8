// Development outbox: with no RESEND_API_KEY, mails are kept here (newest first) and printed
// to the server log, so a developer can follow confirmation and reset links. It lives in the
// memory of the process that sends the mail: the server itself when the mail worker runs inside
// it (the default), so /dev/outbox lists them; a separate `npm run worker` only logs them.

export type OutboxMail = { id: string; to: string; subject: string; html: string; text: string; sentAt: string };

const LIMIT = 50;
const globalForOutbox = globalThis as unknown as { freshBowlOutbox?: OutboxMail[] };

export function outbox(): OutboxMail[] {
  globalForOutbox.freshBowlOutbox ??= [];
  return globalForOutbox.freshBowlOutbox;
}

export function addToOutbox(mail: OutboxMail) {
  const box = outbox();
  box.unshift(mail);
  box.length = Math.min(box.length, LIMIT);
}
