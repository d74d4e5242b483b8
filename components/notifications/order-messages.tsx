import { Panel } from "@/components/ui/panel";
import { formatIndiaDateTime } from "@/lib/time";
import type { ApiOrderMessage } from "@/lib/notifications/types";
import { aboutWords, CHANNEL_WORDS, STATE_WORDS } from "@/lib/notifications/words";

const STATE_TONE: Record<ApiOrderMessage["state"], string> = {
  queued: "bg-stone-100 text-stone-800",
  sent: "bg-sky-100 text-sky-900",
  delivered: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

/** When the message last moved: delivered, sent, or written. */
function lastTime(m: ApiOrderMessage): string {
  return m.deliveredAt ?? m.sentAt ?? m.createdAt;
}

/**
 * What was sent about the order (product.md §14), for the admin's order page: every message on
 * every channel, oldest first, with its time and state in words (the colour only repeats it).
 */
export function OrderMessages({ messages }: { messages: ApiOrderMessage[] }) {
  return (
    <Panel aria-labelledby="order-messages-heading">
      <h2 id="order-messages-heading" className="text-lg font-bold">
        Messages to the customer
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-stone-700">Nothing has been sent about this order yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {messages.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
              <span className="font-semibold">{CHANNEL_WORDS[m.channel]}</span>
              <span>{aboutWords(m.about)}</span>
              <span className="break-all text-stone-600">to {m.to}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATE_TONE[m.state]}`}>{STATE_WORDS[m.state]}</span>
              <time dateTime={lastTime(m)} className="text-stone-600">
                {formatIndiaDateTime(lastTime(m))}
              </time>
              {m.state === "failed" && m.lastError && <span className="basis-full text-red-800">{m.lastError}</span>}
              {m.state === "queued" && m.attempts > 0 && (
                <span className="basis-full text-stone-700">
                  Tried {m.attempts} {m.attempts === 1 ? "time" : "times"}; trying again. {m.lastError}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
