import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";

// Stands in for Resend's API: the real Resend SDK, pointed here by RESEND_BASE_URL, POSTs
// its mails to /emails. Tests read them back (GET /emails, newest last).

export type CapturedMail = { id: string; from: string; to: string[]; subject: string; html: string; text: string; receivedAt: number };

export type MailCapture = { url: string; mails: CapturedMail[]; close: () => Promise<void> };

export async function startMailCapture(port = 0): Promise<MailCapture> {
  const mails: CapturedMail[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/emails") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        const id = randomUUID();
        mails.push({ id, from: body.from, to: [].concat(body.to), subject: body.subject, html: body.html, text: body.text, receivedAt: Date.now() });
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with the given path, e.g. "/confirm/". */
export function linkIn(mail: Pick<CapturedMail, "text">, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s<>"\\]]+${pathPrefix.replace(/\//g, "\\/")}[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`No ${pathPrefix} link in mail:\n${mail.text}`);
  return match[0];
}
