import AxeBuilder from "@axe-core/playwright";
import { expect, test, type MenuItem } from "./fixtures";
import { CheckoutPage, seedCart } from "./pages/shop";
import { WHATSAPP_PORT } from "./shops";

// WhatsApp updates (product.md §14) in Chromium against the production build, whose shops send
// through the local imitation of the Cloud API (tests/e2e/serve.ts): the payment step's box is
// off by default and named; ticked, the order carries the consent, and its next change goes out
// as the order_update template to the delivery address's number.

type Sent = { to: string; body: { template: { name: string; components: { parameters: { text: string }[] }[] } } };

test("ticking Send me order updates on WhatsApp sends the order's next change there", async ({
  page,
  request,
  shopper,
  shopApi,
  adminApi,
}) => {
  const item = (await shopApi.menu<MenuItem>()).find((i) => i.available)!;
  await seedCart(page, [{ item }]);
  const checkout = new CheckoutPage(page);
  await checkout.toPayment();
  const box = page.getByRole("checkbox", { name: "Send me order updates on WhatsApp" });
  await expect(box).not.toBeChecked();
  const { violations } = await new AxeBuilder({ page }).include("#order-updates").analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await box.check();
  await checkout.placeOrder();
  await expect(page).toHaveURL(/\/order-success\?id=/);
  const id = new URL(page.url()).searchParams.get("id")!;
  expect((await shopApi.orderOf<{ whatsappConsentAt: string | null }>(shopper.token, id)).whatsappConsentAt).not.toBeNull();

  await shopApi.moveOrder(await adminApi.bearer(), id, "confirmed");
  const code = id.slice(-8).toUpperCase();
  let mine: Sent | undefined;
  await expect
    .poll(async () => {
      const sent = (await (await request.get(`http://127.0.0.1:${WHATSAPP_PORT}/sent`)).json()) as Sent[];
      mine = sent.find((m) => m.body.template.components[0].parameters[0].text === code);
      return Boolean(mine);
    })
    .toBe(true);
  expect(mine?.to).toBe("919876543210");
  expect(mine?.body.template.name).toBe("order_update");
  expect(mine?.body.template.components[0].parameters.map((p) => p.text)).toEqual([code, "accepted"]);
});
