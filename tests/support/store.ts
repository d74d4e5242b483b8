import { afterAll, afterEach } from "vitest";
import { db } from "@/lib/db";

// The shop's settings, pause, delivery areas and business details are one per database, and a
// worker's database serves every test file it runs: a file that changes them puts the fresh
// install back.

/**
 * Back to a fresh install: open round the clock, no pause, no delivery areas (every PIN at
 * DELIVERY_FEE), no business details (unregistered, plain receipts, no packaging charge).
 */
export async function resetStore(): Promise<void> {
  await db().storeSettings.deleteMany({});
  await db().deliveryArea.deleteMany({});
  await db().businessDetails.deleteMany({});
}

/** Resets the store after each test of the file (or describe block) and after the last. */
export function resetStoreAfterEach() {
  afterEach(resetStore);
  afterAll(resetStore);
}
