import type { OrderRating } from "@/lib/orders/types";
import { formatIndiaDateTime } from "@/lib/time";
import { Panel } from "@/components/ui/panel";

/** "4 of 5 stars" with the stars drawn beside it (the words are what is read out). */
export function Stars({ stars }: { stars: number }) {
  return (
    <span>
      <span aria-hidden="true" className="text-amber-500">
        {"★".repeat(stars)}
        <span className="text-stone-300">{"★".repeat(5 - stars)}</span>
      </span>{" "}
      <span className="font-semibold">{stars} of 5 stars</span>
    </span>
  );
}

/** An order's rating (product.md §13): the stars, the comment, and when it was given (India time). */
export function RatingView({ rating, heading }: { rating: OrderRating; heading: string }) {
  return (
    <Panel aria-label={heading} className="space-y-1">
      <h2 className="text-lg font-bold">{heading}</h2>
      <p>
        <Stars stars={rating.stars} />
      </p>
      {rating.comment && <p className="break-words whitespace-pre-line text-stone-800">{rating.comment}</p>}
      <p className="text-sm text-stone-600">
        Rated <time dateTime={rating.at}>{formatIndiaDateTime(rating.at)}</time>
      </p>
    </Panel>
  );
}
