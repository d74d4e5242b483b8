import "server-only";
import { pool } from "@/lib/db";
import { bigintToNumber } from "@/lib/db/bigint";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { recentDays } from "@/lib/orders/dashboard/days";
import type { RatingFigures } from "@/lib/orders/dashboard/types";

// How the customers found their orders (product.md §13): the average of the last 30 India days
// and the latest low ratings. Both reads stay the same size however many ratings the shop holds:
// the days' totals are kept by the database (rating_day_totals), and the low ratings are the
// first few rows of a partial index (migration 20261202100200_order_ratings; bench/README.md).

const RATING_DAYS = 30;
/** The low ratings the dashboard lists: enough to call those customers back. */
const LOW_SHOWN = 5;

const AVERAGE = {
  name: "dashboard-rating-average",
  text: `SELECT coalesce(sum(ratings), 0)::int AS ratings, coalesce(sum(stars), 0)::bigint AS stars FROM rating_day_totals WHERE day >= $1::date`,
};

// The literal 2 (not a parameter) lets the planner use the partial index of the low ratings. The
// column holds UTC wall-clock time: read as an instant, whatever the server's time zone.
const LOW = {
  name: "dashboard-low-ratings",
  text: `
SELECT r.order_id, r.stars, r.comment, r.created_at AT TIME ZONE 'UTC' AS created_at, o.address_name
FROM order_ratings r JOIN orders o ON o.id = r.order_id
WHERE r.stars <= 2
ORDER BY r.created_at DESC, r.order_id DESC
LIMIT $1`,
};

type AverageRow = { ratings: number; stars: string };
type LowRow = { order_id: string; stars: number; comment: string | null; created_at: Date; address_name: string };

/** The 30-day average (one decimal; null without ratings) and the latest ratings of 2 stars or fewer, newest first; admins only. */
export async function ratingFigures(viewer: SessionUser, now: Date = new Date()): Promise<RatingFigures> {
  assertAdmin(viewer);
  const [from] = recentDays(now, RATING_DAYS).dates;
  const [average, low] = await Promise.all([
    pool().query<AverageRow>({ ...AVERAGE, values: [from] }),
    pool().query<LowRow>({ ...LOW, values: [LOW_SHOWN] }),
  ]);
  const { ratings } = average.rows[0];
  const stars = bigintToNumber(average.rows[0].stars);
  return {
    ratings,
    average: ratings === 0 ? null : Math.round((stars * 10) / ratings) / 10,
    low: low.rows.map((row) => ({
      orderId: row.order_id,
      stars: row.stars,
      comment: row.comment,
      at: row.created_at.toISOString(),
      customer: row.address_name,
    })),
  };
}
