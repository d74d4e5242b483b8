import "server-only";
import { connection } from "next/server";
import { env } from "@/lib/env";
import { formatRupees } from "@/lib/money";
import { readStore } from "@/lib/store/settings";
import { listDeliveryAreas } from "@/lib/store/delivery-areas";
import { WEEKDAYS, WEEKDAY_NAMES, type OpeningRange } from "@/lib/store/types";
import { formatIndiaDate, indiaInstant } from "@/lib/time";

// The delivery terms as the kitchen has set them now (/admin/settings: areas, hours, slots), for
// /policies: read per request inside the page's Suspense boundary, so the policy's words stay
// prerendered and these facts are never out of date.

/** "11:00 am" for "11:00", "midnight" for "24:00" / "00:00". */
function clockWords(clock: string): string {
  const [h, m] = clock.split(":").map(Number);
  if ((h === 24 || h === 0) && m === 0) return "midnight";
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
}

function rangesWords(ranges: OpeningRange[]): string {
  if (ranges.length === 0) return "closed";
  if (ranges.length === 1 && ranges[0].open === "00:00" && ranges[0].close === "24:00") return "all day";
  return ranges.map((r) => `${clockWords(r.open)} to ${clockWords(r.close)}`).join(", ");
}

export async function DeliveryFacts() {
  await connection();
  const [{ settings }, areas] = await Promise.all([readStore(), listDeliveryAreas()]);
  const closed = settings.closedDates.map((d) => formatIndiaDate(indiaInstant(d, 12 * 60)));
  return (
    <>
      <h3 className="font-semibold">Where we deliver</h3>
      {areas.length === 0 ? (
        <p data-testid="policy-areas">We deliver to every PIN code for a delivery fee of {formatRupees(env().DELIVERY_FEE)}.</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5" data-testid="policy-areas">
          {areas.map((a) => (
            <li key={a.id} className="break-words">
              <span className="font-medium">{a.name}</span> (PIN codes {a.pins.map((p) => (p.length < 6 ? `${p}…` : p)).join(", ")}):
              delivery fee {formatRupees(a.fee)}
              {a.freeDeliveryFrom !== null ? `, free from a subtotal of ${formatRupees(a.freeDeliveryFrom)}` : ""}
              {a.minimumOrder > 0 ? `; minimum order ${formatRupees(a.minimumOrder)}` : ""}.
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-semibold">When we deliver (India time)</h3>
      <ul className="list-disc space-y-1 pl-5" data-testid="policy-hours">
        {WEEKDAYS.map((day) => (
          <li key={day}>
            {WEEKDAY_NAMES[day]}: {rangesWords(settings.hours[day])}
          </li>
        ))}
      </ul>
      {closed.length > 0 ? <p>We are closed on {closed.join(", ")}.</p> : null}
      <h3 className="font-semibold">Our promise</h3>
      <p>
        Every order takes at least {settings.prepMinutes} minutes from placing to your door. We deliver in {settings.slotMinutes}-minute
        slots and take only as many orders per slot as our kitchen can cook, so the time we show before you pay (
        <q>As soon as possible (by …)</q>) is a promise, not a guess. You can also schedule an order up to {settings.daysAhead}{" "}
        {settings.daysAhead === 1 ? "day" : "days"} ahead. If we run late we tell you on your order&apos;s page and by e-mail.
      </p>
    </>
  );
}
