import { afterAll, beforeAll, expect } from "vitest";
import { pauseMailWorker, resumeMailWorker } from "./setup";
import type { Caller } from "@/tests/support/api";
import { makeCaller } from "@/tests/support/callers";
import { fingerprinter, type Fingerprinter } from "@/tests/support/db-fingerprint";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";

// The "a refusal writes nothing" suites watch every table between calls. The mail worker is
// paused meanwhile: it would otherwise delete the jobs a call queued before they are counted.

export async function watchWrites(): Promise<Fingerprinter> {
  await pauseMailWorker();
  return fingerprinter();
}

export async function stopWatching(digest: Fingerprinter | undefined): Promise<void> {
  await digest?.close();
  await resumeMailWorker();
}

export type WatchedShop = { fx: ShopFixtures; customer: Caller; admin: Caller; digest: Fingerprinter };

/**
 * A fuzz file's world, made before its tests and removed after them: its own fixtures, a
 * signed-in customer and admin, and the digest of every table, first taken once `arrange` has
 * made what else the file needs (items, an order). Read the fields inside tests and hooks.
 */
export function watchedShop(prefix: string, arrange?: (shop: WatchedShop) => Promise<void>): WatchedShop {
  const shop = {} as WatchedShop;
  beforeAll(async () => {
    shop.fx = await shopFixtures(prefix);
    [shop.customer, shop.admin] = await Promise.all([makeCaller("user"), makeCaller("admin")]);
    shop.fx.adopt(shop.customer.id);
    shop.fx.adopt(shop.admin.id);
    await arrange?.(shop);
    shop.digest = await watchWrites();
  });
  afterAll(async () => {
    await stopWatching(shop.digest);
    await shop.fx?.cleanUp();
  });
  return shop;
}

/** Runs `refused` and checks that it wrote nothing at all; what it answered. */
export async function writesNothing<T>(refused: () => Promise<T>): Promise<T> {
  const digest = await watchWrites();
  try {
    const before = await digest.take();
    const result = await refused();
    expect(await digest.take()).toEqual(before);
    return result;
  } finally {
    await stopWatching(digest);
  }
}
