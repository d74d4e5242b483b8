import path from "node:path";
import { expect, test as base } from "vitest";
import { currentMailbox, pauseMailWorker, resumeMailWorker } from "./setup";
import { shopFixtures } from "@/tests/support/shop-fixtures";
import { customerOf } from "@/tests/support/store-world";
import { changeSettings } from "@/tests/support/settings";
import { dropPaymentJobs, gatewaySettings } from "@/tests/support/gateway";
import { startGatewayImitation } from "@/imitations/razorpay/server";
import { startPushImitation } from "@/imitations/push/server";
import { startWhatsAppImitation } from "@/imitations/whatsapp/server";
import { whatsappSettings } from "@/tests/support/notify";
import { stopLiveUpdatesInServer } from "@/lib/realtime/in-server";
import type { Caller, Reply } from "@/tests/support/api";
import type { Role } from "@/lib/auth/types";
import { makeCaller } from "@/tests/support/callers";
import { openLiveStream, type LiveLog } from "@/tests/support/live-stream";
import { writesNothing } from "./watch-writes";

// The integration files' world, as Vitest fixtures: a test names what it needs and gets it made
// (once per file, unless said otherwise) and removed after the file's last test, in the reverse
// order. `setup.ts` runs around all of them (the worker's database, mail capture, the job worker).

/** The file's name without `.test.ts`: the tag of the rows it makes. */
const fileTag = () => path.basename(expect.getState().testPath ?? "test", ".test.ts");

export const test = base
  /** The file's own category and the rows made through it (shop-fixtures.ts), removed after its last test. */
  .extend("shop", { scope: "file" }, async ({}, { onCleanup }) => {
    const shop = await shopFixtures(fileTag());
    onCleanup(() => shop.cleanUp());
    return shop;
  })
  /** A menu item of the file's category (its id): small ₹149, medium ₹199, large ₹249. */
  .extend("item", { scope: "file" }, ({ shop }) => shop.item())
  /** A signed-in admin, one for the file. */
  .extend("admin", { scope: "file" }, ({ shop }) => customerOf(shop, "admin"))
  /** A signed-in customer of the test's own (their open orders count against no other test's limits). */
  .extend("customer", ({ shop }) => customerOf(shop))
  /** Makes another signed-in account (a customer unless `role` says admin or rider), removed with the file's rows. */
  .extend(
    "newCaller",
    { scope: "file" },
    ({ shop }) =>
      (role: Role = "user") =>
        customerOf(shop, role),
  )
  /** Opens GET /api/events as `caller` (signed out: undefined); every stream closed, and the listener stopped, after the file. */
  .extend("liveStream", { scope: "file" }, async ({}, { onCleanup }) => {
    const open: LiveLog[] = [];
    onCleanup(async () => {
      for (const s of open) s.close();
      await stopLiveUpdatesInServer();
    });
    return (caller: Caller | undefined) => openLiveStream(caller, open);
  })
  /** A second customer, Vikram Shah, one for the file: the one who must not hear of another's order. */
  .extend("vikram", { scope: "file" }, async ({ shop }) => {
    const vikram = await makeCaller("user", { name: "Vikram Shah" });
    shop.adopt(vikram.id);
    return vikram;
  })
  /**
   * Checks a route of one order that only its customer may use: on a delivered order of
   * `customer`, `vikram` and `admin` get 404 (the order is none of theirs), signed out 401, and an
   * id that is no order 404 not_found; nothing is written. The order's id, for what follows.
   */
  .extend(
    "onlyItsCustomer",
    ({ shop, customer, vikram, admin, item }) =>
      async (send: (caller: Caller | undefined, orderId: string) => Promise<Reply>) => {
        const order = await shop.deliveredOrder(customer.id, item);
        await writesNothing(async () => {
          expect((await send(vikram, order)).status).toBe(404);
          expect((await send(admin, order)).status).toBe(404);
          expect((await send(undefined, order)).status).toBe(401);
          const unknown = await send(customer, "not-an-id");
          expect(unknown.status).toBe(404);
          expect((unknown.json as { code: string }).code).toBe("not_found");
        });
        return order;
      },
  )
  /** The mails the shop sent, as the capture server received them. */
  .extend("mailbox", { scope: "file" }, () => currentMailbox())
  /** The job worker stopped for the file: queued jobs stay to be counted, or run by calling their function. */
  .extend("pausedWorker", { scope: "file" }, async ({}, { onCleanup }) => {
    await pauseMailWorker();
    onCleanup(resumeMailWorker);
    return "paused" as const;
  })
  /**
   * The local imitation of Razorpay, with the shop's gateway settings pointed at it and the job
   * worker paused. After the file: the payment jobs it left are dropped (a resumed worker must not
   * run them against a stopped imitation), the settings put back, the imitation stopped.
   */
  .extend("gateway", { scope: "file" }, async ({ pausedWorker }, { onCleanup }) => {
    void pausedWorker;
    const imitation = await startGatewayImitation();
    const restore = changeSettings(gatewaySettings(imitation));
    onCleanup(async () => {
      await dropPaymentJobs();
      restore();
      await imitation.close();
    });
    return imitation;
  })
  /** A local push service (imitations/push/), its subscriptions' pushes read as a phone reads them; closed after the file. */
  .extend("pushService", { scope: "file" }, async ({}, { onCleanup }) => {
    const service = await startPushImitation();
    onCleanup(() => service.close());
    return service;
  })
  /** The local imitation of WhatsApp's Cloud API, with the shop's WHATSAPP_* settings pointed at it; both undone after the file. */
  .extend("whatsapp", { scope: "file" }, async ({}, { onCleanup }) => {
    const imitation = await startWhatsAppImitation();
    const restore = changeSettings(whatsappSettings(imitation));
    onCleanup(async () => {
      restore();
      await imitation.close();
    });
    return imitation;
  });
