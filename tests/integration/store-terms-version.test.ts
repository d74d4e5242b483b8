import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { Client } from "pg";
import { test } from "./fixtures";
import { expectRefusal, place } from "@/tests/support/store-world";
import { resetStoreAfterEach } from "@/tests/support/store";
import { DEFAULT_SETTINGS } from "@/lib/store/rules";

// The terms an order is placed under (settings, pause, delivery areas, packaging charge) are kept
// by each instance between orders and read again once their version moved (lib/store/terms.ts).
// Here the changes are written by another connection, as another instance of the shop would
// write them: each holds from the very next order on.

resetStoreAfterEach();

/** Runs `sql` on a connection of its own (another instance's), committed when it returns. */
async function elsewhere(sql: string, values: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** A pause saved as the shop's settings (the fresh install's, if none yet). */
const PAUSE = `INSERT INTO store_settings (id, hours, closed_dates, slot_minutes, orders_per_slot, prep_minutes, days_ahead, paused_at, pause_reason, updated_at)
  VALUES (1, $1::jsonb, '{}', $2, $3, $4, $5, now(), 'Rain', now())
  ON CONFLICT (id) DO UPDATE SET paused_at = now(), pause_reason = 'Rain'`;
const { hours, slotMinutes, ordersPerSlot, prepMinutes, daysAhead } = DEFAULT_SETTINGS;
const PAUSE_VALUES = [JSON.stringify(hours), slotMinutes, ordersPerSlot, prepMinutes, daysAhead];

describe("terms changed by another instance", () => {
  test("a pause holds for the next order, and so does reopening", async ({ newCaller, item }) => {
    const caller = await newCaller();
    expect((await place(caller, { item })).status).toBe(201);
    await elsewhere(PAUSE, PAUSE_VALUES);
    expectRefusal(await place(caller, { item }), 409, "closed");
    await elsewhere(`UPDATE store_settings SET paused_at = NULL, pause_reason = NULL`);
    expect((await place(caller, { item })).status).toBe(201);
  });

  test("new delivery areas price the next order, and so does their removal", async ({ newCaller, item }) => {
    const caller = await newCaller();
    const before = await place(caller, { item, zip: "560034" });
    expect(before.status).toBe(201);
    await elsewhere(
      `INSERT INTO delivery_areas (id, name, pins, fee, minimum_order, position) VALUES ('terms-area', 'Far', '{"5601"}', 45, 0, 0)`,
    );
    expectRefusal(await place(caller, { item, zip: "560034" }), 400, "not_delivering", "address.zip");
    const far = await place(caller, { item, zip: "560100" });
    expect(far.status).toBe(201);
    expect(far.body.order.deliveryFee).toBe(45);
    await elsewhere(`DELETE FROM delivery_areas`);
    expect((await place(caller, { item, zip: "560034" })).body.order.total).toBe(before.body.order.total);
  });

  test("orders fired at once right after a pause are all refused", async ({ newCaller, item }) => {
    const callers = await Promise.all(Array.from({ length: 8 }, () => newCaller()));
    // Every instance's copy of the terms is warm: the pause is what each order has to notice.
    expect((await place(callers[0], { item })).status).toBe(201);
    await elsewhere(PAUSE, PAUSE_VALUES);
    const replies = await Promise.all(callers.map((caller) => place(caller, { item })));
    for (const reply of replies) expectRefusal(reply, 409, "closed");
  });
});
