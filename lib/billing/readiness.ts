import "server-only";
import { db } from "@/lib/db";
import { listDeliveryAreas } from "@/lib/store/delivery-areas";
import { readStore } from "@/lib/store/settings";
import { DEFAULT_SETTINGS } from "@/lib/store/rules";
import { WEEKDAYS } from "@/lib/store/types";

// Ready to trade (product.md §11): what the business details still lack before the shop may bill
// as the law wants (a legal name, an address, an FSSAI number, a grievance officer), and the
// settings a kitchen may leave open-ended by choice. Nothing is refused meanwhile: the admin pages
// show it as a checklist until the required part is done.

export type Readiness = {
  /** Required before opening, in the words the checklist uses. */
  missing: string[];
  /** Left open-ended, which may be a choice: said so, not asked for. */
  openEnded: string[];
};

const roundTheClock = (hours: typeof DEFAULT_SETTINGS.hours) =>
  WEEKDAYS.every((day) => hours[day].length === 1 && hours[day][0].open === "00:00" && hours[day][0].close === "24:00");

export async function readiness(): Promise<Readiness> {
  const [row, areas, store] = await Promise.all([
    db().businessDetails.findUnique({
      where: { id: 1 },
      select: { legalName: true, address: true, fssai: true, grievanceOfficerName: true },
    }),
    listDeliveryAreas(),
    readStore(),
  ]);
  const missing = [
    ...(row?.legalName.trim() ? [] : ["The business's legal name"]),
    ...(row?.address.trim() ? [] : ["The business's address"]),
    ...(row?.fssai ? [] : ["The FSSAI licence or registration number (bills say “not yet entered” until then)"]),
    ...(row?.grievanceOfficerName?.trim() ? [] : ["A grievance officer: name, designation and contact"]),
  ];
  const openEnded = [
    ...(areas.length === 0 ? ["No delivery areas: every PIN code is served, at the shop-wide fee"] : []),
    ...(roundTheClock(store.settings.hours) ? ["Opening hours: open round the clock, every day"] : []),
  ];
  return { missing, openEnded };
}
