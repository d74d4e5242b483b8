import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { dashboardStats } from "@/lib/orders/dashboard/today";
import { revenueByDay } from "@/lib/orders/dashboard/revenue-by-day";
import { bestSellers } from "@/lib/orders/dashboard/best-sellers";
import { takingsToday } from "@/lib/orders/dashboard/takings";
import { refundsToRetry } from "@/lib/orders/dashboard/refunds-to-retry";
import type { DashboardFigures } from "@/lib/orders/dashboard/types";

/** Everything the admin dashboard shows (product.md §7), read at once: five statements side by side; admins only. */
export async function dashboardFigures(viewer: SessionUser, now: Date = new Date()): Promise<DashboardFigures> {
  const [today, takings, retry, days, sellers] = await Promise.all([
    dashboardStats(viewer, now),
    takingsToday(viewer, now),
    refundsToRetry(viewer),
    revenueByDay(viewer, now),
    bestSellers(viewer, now),
  ]);
  return { today, takings, refundsToRetry: retry, revenueByDay: days, bestSellers: sellers };
}
