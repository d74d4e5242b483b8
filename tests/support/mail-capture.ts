import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import { waitFor, type WaitOptions } from "@/tests/support/wait";

// Stands in for Resend's API: the real Resend SDK, pointed here by RESEND_BASE_URL, POSTs
// its mails to /emails. Tests read them back (GET /emails, newest last). Mail is sent by a
// queue worker after the request that caused it, so tests wait for it (waitForMail).

export type CapturedMail = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  receivedAt: number;
  /** The Idempotency-Key header the SDK sent, if any. */
  idempotencyKey?: string;
};

type Refusal = { match: (mail: CapturedMail) => boolean; left: number };

export type MailCapture = {
  url: string;
  /** Mails accepted, oldest first. */
  mails: CapturedMail[];
  /** Mails answered with 500, oldest first. */
  refused: CapturedMail[];
  /** Plays a provider outage: answers 500 to the next `times` mails that match (they are not accepted). */
  refuseNext: (match: (mail: CapturedMail) => boolean, times?: number) => void;
  close: () => Promise<void>;
};

export async function startMailCapture(port = 0): Promise<MailCapture> {
  const mails: CapturedMail[] = [];
  const refused: CapturedMail[] = [];
  const refusals: Refusal[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/emails") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        const id = randomUUID();
        const key = req.headers["idempotency-key"];
        const mail: CapturedMail = {
          id,
          from: body.from,
          to: [].concat(body.to),
          subject: body.subject,
          html: body.html,
          text: body.text,
          receivedAt: Date.now(),
          ...(typeof key === "string" ? { idempotencyKey: key } : {}),
        };
        const refusal = refusals.find((r) => r.left > 0 && r.match(mail));
        if (refusal) {
          refusal.left -= 1;
          refused.push(mail);
          res.statusCode = 500;
          res.end(JSON.stringify({ name: "internal_server_error", message: "Capture server refused the mail on purpose" }));
          return;
        }
        mails.push(mail);
        res.end(JSON.stringify({ id }));
        return;
      }
      if (req.method === "GET" && req.url?.startsWith("/emails")) {
        res.end(JSON.stringify(mails));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: "not found" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    mails,
    refused,
    refuseNext: (match, times = 1) => void refusals.push({ match, left: times }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `count` accepted mails match (default 1) and returns them, oldest first. */
export async function waitForMails(
  mailbox: Pick<MailCapture, "mails">,
  match: (mail: CapturedMail) => boolean,
  count = 1,
  options: WaitOptions = {},
): Promise<CapturedMail[]> {
  return waitFor(
    () => {
      const found = mailbox.mails.filter(match);
      return found.length >= count && found;
    },
    { what: `${count} matching mail(s)`, ...options },
  );
}

/** Waits for a matching mail and returns the newest one. */
export async function waitForMail(
  mailbox: Pick<MailCapture, "mails">,
  match: (mail: CapturedMail) => boolean,
  options: WaitOptions = {},
): Promise<CapturedMail> {
  return (await waitForMails(mailbox, match, 1, { what: "a matching mail", ...options })).at(-1)!;
}

/** The first link in a mail's text that starts with the given path, e.g. "/confirm/". */
export function linkIn(mail: Pick<CapturedMail, "text">, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s<>"\\]]+${pathPrefix.replace(/\//g, "\\/")}[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`No ${pathPrefix} link in mail:\n${mail.text}`);
  return match[0];
}
