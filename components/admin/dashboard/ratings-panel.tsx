import Link from "next/link";
import type { RatingFigures } from "@/lib/orders/dashboard/types";
import { orderNumber } from "@/lib/orders/status";
import { formatIndiaDateTime } from "@/lib/time";
import { Panel } from "@/components/ui/panel";
import { Stars } from "@/components/orders/rating-view";

/** How the customers rated their orders (product.md §13): the 30-day average and the latest ratings of 2 stars or fewer. */
export function RatingsPanel({ ratings }: { ratings: RatingFigures }) {
  return (
    <Panel aria-labelledby="ratings-heading">
      <h2 id="ratings-heading" className="text-lg font-bold">
        Ratings, last 30 days
      </h2>
      <p className="mt-1" data-testid="rating-average">
        {ratings.average === null ? (
          "No ratings in the last 30 days."
        ) : (
          <>
            Average <span className="text-2xl font-bold">{ratings.average.toFixed(1)}</span> of 5 from {ratings.ratings}{" "}
            {ratings.ratings === 1 ? "rating" : "ratings"}
          </>
        )}
      </p>
      <h3 className="mt-4 font-semibold">Latest ratings of 2 stars or fewer</h3>
      {ratings.low.length === 0 ? (
        <p className="mt-1 text-stone-700">None.</p>
      ) : (
        <ul aria-label="Latest low ratings" className="mt-2 divide-y divide-stone-100">
          {ratings.low.map((low) => (
            <li key={low.orderId} className="space-y-1 py-2">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link href={`/admin/orders/${low.orderId}`} className="font-semibold text-brand-800 underline">
                  #{orderNumber(low.orderId)}
                </Link>
                <span className="break-words">{low.customer || "N/A"}</span>
                <Stars stars={low.stars} />
              </p>
              {low.comment && <p className="break-words whitespace-pre-line text-stone-800">{low.comment}</p>}
              <p className="text-xs text-stone-600">
                <time dateTime={low.at}>{formatIndiaDateTime(low.at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
