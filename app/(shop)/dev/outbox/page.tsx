import type { Metadata } from "next";
import { Fragment } from "react";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { env } from "@/lib/env";
import { PEER_HEADER } from "@/lib/client-ip";
import { isDevHost } from "@/lib/dev-hosts";
import { outbox, outboxVisible, RELAYED_HEADER } from "@/lib/email/outbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { formatIndiaDateTime } from "@/lib/time";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

// The development outbox: with no RESEND_API_KEY, mails stay in this server's memory so a
// developer can follow confirmation and reset links. Never served in production, and only to
// requests from this machine (the links sign people in; lib/email/outbox.ts). The mail
// worker inside this server fills it a moment after the request that queued the mail; with
// JOB_WORKER=off a separate worker sends them and only prints them to its own log.

export const metadata: Metadata = { title: "Dev outbox", robots: { index: false, follow: false } };

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's plain text with its http(s) addresses as links (React escapes the rest). */
function Linked({ text }: { text: string }) {
  return text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="font-medium break-all text-brand-800 underline underline-offset-2">
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

export default async function OutboxPage() {
  const e = env();
  if (e.isProduction) redirect("/");
  const h = await headers();
  const servedHost = isDevHost(h.get("host"), { host: e.HOST, appUrl: e.appUrl });
  if (!outboxVisible({ production: e.isProduction, peer: h.get(PEER_HEADER), relayed: h.get(RELAYED_HEADER), servedHost })) notFound();
  const mails = outbox();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">Dev outbox</h1>
      <p className="text-sm text-stone-600">
        {e.RESEND_API_KEY
          ? "RESEND_API_KEY is set, so mail goes out through Resend and nothing is kept here."
          : env().jobWorkerOff
            ? "JOB_WORKER=off: this server only queues mail. A separate `npm run worker` sends it and prints each mail to its own log."
            : "Mails the shop would have sent, newest first (kept in this server's memory until it restarts). A mail arrives a moment after the request that queued it: reload to see it."}
      </p>
      {mails.length === 0 ? (
        <EmptyState message="No mails yet." links={[{ href: "/", label: "Back to the shop" }]} />
      ) : (
        <ol className="flex flex-col gap-4">
          {mails.map((mail) => (
            <li key={mail.id}>
              <Panel as="article" aria-labelledby={`mail-${mail.id}`}>
                <h2 id={`mail-${mail.id}`} className="text-lg font-semibold">
                  {mail.subject}
                </h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-stone-600">
                  <dt className="font-medium">To</dt>
                  <dd className="break-all">{mail.to}</dd>
                  <dt className="font-medium">Sent</dt>
                  <dd>
                    <time dateTime={mail.sentAt}>{formatIndiaDateTime(mail.sentAt, { seconds: true })}</time>
                  </dd>
                </dl>
                <div className="mt-3 rounded-lg bg-stone-50 p-3 text-sm break-words whitespace-pre-wrap text-stone-800">
                  <Linked text={mail.text} />
                </div>
              </Panel>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
