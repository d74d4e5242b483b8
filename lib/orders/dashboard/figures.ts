import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { assertAdmin } from "@/lib/auth/authorize";
import { dashboardStats } from "@/lib/orders/dashboard/today";
import { REVENUE_DAYS, revenueByDay } from "@/lib/orders/dashboard/revenue-by-day";
import { bestSellers } from "@/lib/orders/dashboard/best-sellers";
import { takingsToday } from "@/lib/orders/dashboard/takings";
import { refundsToRetry } from "@/lib/orders/dashboard/refunds-to-retry";
import { keepDashboardHours } from "@/lib/orders/dashboard/hours";
import { recentDays } from "@/lib/orders/dashboard/days";
import { ratingFigures } from "@/lib/orders/dashboard/ratings";
import type { DashboardFigures } from "@/lib/orders/dashboard/types";

/**
 * Everything the admin dashboard shows (product.md §7), read at once: six reads side by
 * side, after the window's hours that are over have been kept (lib/orders/dashboard/hours.ts);
 * admins only.
 */
export async function dashboardFigures(viewer: SessionUser, now: Date = new Date()): Promise<DashboardFigures> {
  assertAdmin(viewer);
  // The chart's 14 days are the widest window: the best sellers' 7 lie within them.
  const { start, end } = recentDays(now, REVENUE_DAYS);
  await keepDashboardHours(start, end);
  const [today, takings, retry, days, sellers, ratings] = await Promise.all([
    dashboardStats(viewer, now),
    takingsToday(viewer, now),
    refundsToRetry(viewer),
    revenueByDay(viewer, now),
    bestSellers(viewer, now),
    ratingFigures(viewer, now),
  ]);
  return { today, takings, refundsToRetry: retry, revenueByDay: days, bestSellers: sellers, ratings };
}
