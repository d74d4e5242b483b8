import type { RiderOrder } from "@/lib/riders/types";
import { formatRupees } from "@/lib/money";
import { formatIndiaTime } from "@/lib/time";
import { telHref } from "@/lib/riders/names";
import { statusLabel } from "@/lib/orders/status";
import { Panel } from "@/components/ui/panel";
import { OrderSteps } from "@/components/riders/order-steps";

// One order on the rider's page (product.md §12), for a phone in one hand: who and where, with
// the map and call links, how many bowls, by when, what to collect, and the next step at the
// card's foot, where a thumb reaches.

const LINK = "inline-flex min-h-11 items-center font-semibold text-brand-800 underline";

export function RiderOrderCard({ order }: { order: RiderOrder }) {
  const { address } = order;
  const headingId = `rider-order-${order.id}`;
  const where = [address.street, address.city, address.state, address.zip].join(", ");
  return (
    <Panel as="article" aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="rider-order">
      <header className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-extrabold tracking-wide">
          #{order.code}
        </h2>
        <span className="text-sm font-semibold text-stone-700">{statusLabel(order.status)}</span>
      </header>
      <p className="text-lg font-semibold break-words">{order.customer}</p>
      <p className="break-words">{where}</p>
      <div className="flex flex-wrap gap-x-4">
        <a href={order.mapUrl} target="_blank" rel="noopener noreferrer" className={LINK}>
          Open in Maps<span className="sr-only"> for #{order.code} (opens a new tab)</span>
        </a>
        <a href={telHref(order.phone)} className={LINK}>
          Call {order.customer}
          <span className="sr-only"> on {order.phone}</span>
        </a>
      </div>
      <p>
        {order.bowls} {order.bowls === 1 ? "bowl" : "bowls"} · by{" "}
        <time dateTime={order.promisedBy} className="font-semibold">
          {formatIndiaTime(order.promisedBy)}
        </time>
      </p>
      <p className={`text-lg font-bold ${order.collect === null ? "text-stone-800" : "text-amber-900"}`} data-testid="collect">
        {order.collect === null ? "Paid online" : `Collect ${formatRupees(order.collect)} in cash`}
      </p>
      <div className="mt-1">
        <OrderSteps orderId={order.id} code={order.code} status={order.status} />
      </div>
    </Panel>
  );
}
