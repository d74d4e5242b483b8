import "@/tests/support/async-local-storage";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Forbidden, NotFound } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { pauseStore, reopenStore, updateSettings } from "@/lib/store/settings";
import { replaceDeliveryAreas } from "@/lib/store/delivery-areas";
import { clearBusiness, updateBusiness } from "@/lib/billing/business";
import { gstr1Figures } from "@/lib/reports/gstr1";
import { refundOrder, retryRefund } from "@/lib/payments/refund-admin";
import { REGULAR_BUSINESS_BODY } from "@/tests/support/business-body";
import { businessSchema } from "@/lib/billing/business-schema";
import { watchedShop } from "./watch-writes";
import { listRiders } from "@/lib/riders/queries";
import { setDuty } from "@/lib/riders/writes";
import { recordSettlement, riderLedger } from "@/lib/riders/ledger";
import { assignRider } from "@/lib/flows/dispatch-order";
import { orderMessages } from "@/lib/notifications/queries";

// Every write (and admin read) in lib/ checks the acting user itself, not only its route: a
// script, a page or a future route that reaches it with a customer is refused, and nothing is
// written (architecture.md, rules of the house).

const shop = watchedShop("domain-authz");

const asCustomer = (): SessionUser => ({ ...shop.customer, role: "user" });

const CALLS: Record<string, (who: SessionUser) => Promise<unknown>> = {
  updateSettings: (who) => updateSettings(who, { prepMinutes: 45 }),
  pauseStore: (who) => pauseStore(who, { minutes: 10, reason: "Not yours to pause" }),
  reopenStore: (who) => reopenStore(who),
  replaceDeliveryAreas: (who) => replaceDeliveryAreas(who, []),
  updateBusiness: (who) => updateBusiness(who, businessSchema.parse(REGULAR_BUSINESS_BODY)),
  clearBusiness: (who) => clearBusiness(who),
  gstr1Figures: (who) => gstr1Figures(who, "2026-11"),
  // The riders' (product.md §12): a customer's own id stands in for the rider and the order.
  listRiders: (who) => listRiders(who),
  assignRider: (who) => assignRider(who, who.id, null),
  setDuty: (who) => setDuty(who, { onDuty: true, phone: "+919845012345" }),
  riderLedger: (who) => riderLedger(who, shop.admin.id),
  recordSettlement: (who) => recordSettlement(who, who.id, { amount: 1 }),
  // What was sent about an order (product.md §14) is the admins' to read.
  orderMessages: (who) => orderMessages(who, shop.customer.id),
};

/** What these writes change, beside the tables the shop's digest watches. */
async function settingsNow() {
  const [store, areas, business] = await Promise.all([
    db().storeSettings.findMany(),
    db().deliveryArea.findMany({ orderBy: { id: "asc" } }),
    db().businessDetails.findMany(),
  ]);
  return { store, areas, business };
}

describe("lib's admin writes refuse anyone but an admin", () => {
  for (const [name, run] of Object.entries(CALLS)) {
    it(`${name}: 403 for a customer, and nothing written`, async () => {
      const [before, settings] = await Promise.all([shop.digest.take(), settingsNow()]);
      await expect(run(asCustomer())).rejects.toBeInstanceOf(Forbidden);
      expect(await shop.digest.take()).toEqual(before);
      expect(await settingsNow()).toEqual(settings);
    });
  }

  // A refund's order is not even named to a customer: 404, as the route answers.
  it("refundOrder and retryRefund: 404 for a customer, and nothing written", async () => {
    const before = await shop.digest.take();
    const order = shop.customer.id;
    await expect(refundOrder(asCustomer(), order, { amount: 10, reason: "Not mine" })).rejects.toBeInstanceOf(NotFound);
    await expect(retryRefund(asCustomer(), order, order)).rejects.toBeInstanceOf(NotFound);
    expect(await shop.digest.take()).toEqual(before);
  });
});
