import "@/tests/support/async-local-storage";
import { describe, expect } from "vitest";
import { test as it } from "./fixtures";
import { messagesAbout, pushesTo, runMessageJob, subscribedBrowser } from "@/tests/support/notify";
import { patchOrder, placeAndPay, sendPendingRefunds } from "@/tests/support/online-payments";
import { orderNumber } from "@/lib/orders/status";

// A payment or a refund completing tells the customer's phones too (product.md §14), queued in
// the transaction that records it. The job worker is paused here (the gateway fixture): the
// messages are counted while queued, then their jobs run by hand.

const about = async (orderId: string, channel: string) =>
  (await messagesAbout(orderId)).filter((m) => m.channel === channel).map((m) => [m.event, m.state]);

describe("payments and refunds on the phone", () => {
  it("a payment completing queues its push, and a refund completing another", async ({ gateway, customer, item, pushService }) => {
    const endpoint = await subscribedBrowser(pushService, customer);
    const { order } = await placeAndPay(gateway, customer, item);
    expect(await about(order.id, "push")).toEqual([["paid", "queued"]]);
    // The confirmation mail of an order paid online is a row of the outbox too.
    expect(await about(order.id, "email")).toEqual([["placed", "queued"]]);

    expect((await patchOrder(customer, order.id, { status: "cancelled" })).status).toBe(200);
    expect(await about(order.id, "push")).toEqual([
      ["paid", "queued"],
      ["cancelled", "queued"],
    ]);
    expect(await sendPendingRefunds(order.id)).toEqual(["processed"]);
    expect((await about(order.id, "push")).map(([event]) => event)).toEqual(["paid", "cancelled", "refunded"]);

    for (const message of (await messagesAbout(order.id)).filter((m) => m.channel === "push")) await runMessageJob(message.id);
    const code = orderNumber(order.id);
    expect((await pushesTo(pushService, endpoint, 3)).map((p) => (p as { body: string }).body)).toEqual(
      ["paid", "cancelled", "refunded"].map((w) => `#${code} is ${w}`),
    );
    expect((await about(order.id, "push")).map(([, state]) => state)).toEqual(["sent", "sent", "sent"]);
  });

  it("a message whose last attempt fails is left failed, with the reason", async ({ gateway, customer, item, pushService }) => {
    const endpoint = await subscribedBrowser(pushService, customer);
    pushService.answer(endpoint, 500);
    const { order } = await placeAndPay(gateway, customer, item);
    const [message] = (await messagesAbout(order.id)).filter((m) => m.channel === "push");
    await expect(runMessageJob(message.id, 1, 3)).rejects.toThrow("the push service answered 500");
    expect(await about(order.id, "push")).toEqual([["paid", "queued"]]);
    await expect(runMessageJob(message.id, 3, 3)).rejects.toThrow();
    const [failed] = (await messagesAbout(order.id)).filter((m) => m.channel === "push");
    expect(failed).toMatchObject({ state: "failed", attempts: 2, lastError: "the push service answered 500" });
  });
});
