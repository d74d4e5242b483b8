import Link from "next/link";
import { portionLabel } from "@/lib/portions";
import { slotWords } from "@/lib/store/words";
import { moreText, type LaterList as Later } from "@/lib/orders/kitchen-rules";

// Scheduled orders whose slot is not near yet (product.md §7, §9): listed with their slot, soonest
// first, out of the columns until their slot starts within the preparation time. Rendered inside
// KitchenBoard (a client component), which brings each into its column when it falls due.

export function LaterList({ later, prepMinutes }: { later: Later; prepMinutes: number }) {
  const { tickets, count } = later;
  return (
    <section id="kitchen-later" aria-labelledby="kitchen-later-heading" className="rounded-2xl bg-stone-100 p-3">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 px-1">
        <h2 id="kitchen-later-heading" className="text-lg font-bold">
          Later
        </h2>
        <span className="rounded-full bg-stone-900 px-2.5 py-0.5 text-sm font-bold text-white" data-testid="count-later">
          {count}
          <span className="sr-only">{count === 1 ? " order" : " orders"}</span>
        </span>
      </div>
      <p className="mb-3 px-1 text-sm text-stone-700">
        Orders for a chosen slot join their column {prepMinutes} minutes before the slot starts.
      </p>
      {tickets.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 px-3 py-4 text-center text-stone-600">No orders for later</p>
      ) : (
        <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <article
                aria-labelledby={`kitchen-${ticket.id}-later`}
                className="flex h-full flex-col gap-1 rounded-xl border border-stone-200 bg-white p-3"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <h3 id={`kitchen-${ticket.id}-later`} className="font-extrabold tracking-wide">
                    #{ticket.code}
                  </h3>
                  <p className="font-bold" data-testid="later-slot" suppressHydrationWarning>
                    {slotWords(ticket.deliverySlot)}
                  </p>
                </div>
                <p className="font-semibold break-words text-stone-800">{ticket.customer}</p>
                <p className="text-sm text-stone-700">
                  {ticket.lines.map((l) => `${l.quantity} × ${l.name} (${portionLabel(l.portion)})`).join(", ")}
                </p>
                <Link
                  href={`/admin/orders/${ticket.id}`}
                  className="mt-auto inline-block py-1 text-sm font-semibold text-brand-800 underline"
                >
                  Details<span className="sr-only"> of order #{ticket.code}</span>
                </Link>
              </article>
            </li>
          ))}
        </ol>
      )}
      {count > tickets.length && (
        <p
          className="mt-3 rounded-xl border border-stone-300 bg-white px-3 py-3 text-center font-semibold text-stone-800"
          data-testid="more-later"
        >
          {moreText(count - tickets.length)}
          <span className="sr-only"> orders for later slots</span>
        </p>
      )}
    </section>
  );
}
