import type { ReactElement } from "react";

// The mail domain's shapes (client-safe): a mail ready to send. What may be queued is the
// kernel's mail job (lib/jobs/mail.ts).

/**
 * A mail ready to send (send.ts renders `template`); `text` is the plain-text part as written for
 * this mail, and without it the part is made from the HTML.
 */
export type Mail = { to: string; subject: string; template: ReactElement; text?: string };
