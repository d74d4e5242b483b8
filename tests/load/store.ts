// The shop's hours and slots for the run (product.md §9). A fresh install takes 20 orders a half
// hour for three days: the run's customers, the abuser and a retried order or two would fill the
// first slots and push every promise hours out, and a long run could meet `fully_booked`. The
// kitchen's admin opens it wide through PUT /api/store, as an admin would for a rush.
import { backoffMs, retryable, send, sleep } from "./requests";

export const LOAD_STORE_SETTINGS = { ordersPerSlot: 1000, daysAhead: 7 } as const;

export async function openWide(bases: string[], token: string, timeoutMs: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const instance = attempt % bases.length;
    const { outcome, json } = await send("login", instance, `${bases[instance]}/api/store`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "10.255.255.254" },
      body: JSON.stringify(LOAD_STORE_SETTINGS),
      timeoutMs,
    });
    const saved = json as { ordersPerSlot?: unknown; daysAhead?: unknown } | undefined;
    if (
      outcome.status === 200 &&
      saved?.ordersPerSlot === LOAD_STORE_SETTINGS.ordersPerSlot &&
      saved.daysAhead === LOAD_STORE_SETTINGS.daysAhead
    )
      return;
    if (!retryable(outcome) || attempt >= 20)
      throw new Error(`PUT /api/store answered ${outcome.status ?? outcome.error}: ${JSON.stringify(json)}`);
    await sleep(backoffMs(outcome, attempt));
  }
}
