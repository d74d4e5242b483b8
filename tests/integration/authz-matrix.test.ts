import { call, type AnyHandler, type Caller, type CallInit } from "@/tests/support/api";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopWatching, watchWrites } from "./watch-writes";
import { listApiRoutes, type ApiRoute } from "@/tests/support/api-routes";
import { issueCreditNote } from "@/lib/billing/credit-notes";
import { makeCaller, sentVia } from "@/tests/support/callers";
import { storedComplaint } from "@/tests/support/complaints";
import { freshCode, storedOffer } from "@/tests/support/offers";
import type { Fingerprinter } from "@/tests/support/db-fingerprint";
import { shopFixtures, type ShopFixtures } from "@/tests/support/shop-fixtures";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { assignedOrder, riderOf } from "@/tests/support/riders";
import { browserKeys } from "@/imitations/push/decrypt";

// Who may do what (product.md §4), as ONE table: every API route and method, called by someone
// signed out, a customer, another customer and an admin, through the real handlers and
// PostgreSQL, with bodies that are valid, so the status reflects who is asking and nothing
// else. Routes are found on disk: a route or method missing from the table fails the test, and
// so does a row for a route that no longer exists. A refused call (4xx) must write nothing.
// Callers send the shop's own Origin and JSON; the table runs twice, the session sent as the
// cookie (a browser) and as `Authorization: Bearer` (an API client), with the same expectations.

type Who = "signedOut" | "customer" | "otherCustomer" | "admin";
const WHO: Who[] = ["signedOut", "customer", "otherCustomer", "admin"];
/** Expected status for [signed out, customer, another customer, admin]. */
type Expect = [number, number, number, number];

type World = {
  fx: ShopFixtures;
  callers: Record<Exclude<Who, "signedOut">, Caller>;
  /** A menu item orders can use. */
  item: string;
  /** A pending order owned by `callers.customer`. */
  order: string;
  /** A confirmed account with a known password, for /api/login. */
  login: { email: string; password: string };
};

type Call = Omit<CallInit, "caller"> & { path: string; caller?: Caller | null };
type Row = { method: string; route: string; what: string; expect: Expect; call: (w: World, who: Who) => Promise<Call> | Call };

const PASSWORD = "crunchy-greens-42";
const freshEmail = () => `authz.${randomBytes(6).toString("hex")}@example.com`;
const address = { name: "Asha Rao", phone: "9876543210", street: "1 Residency Road", city: "Bengaluru", state: "Karnataka", zip: "560025" };
const BUSINESS = {
  legalName: "Fresh Bowl Foods Private Limited",
  tradeName: "Fresh Bowl",
  address: "12 Residency Road, Bengaluru 560025",
  state: "Karnataka",
  gstin: "29AAGCB7383J1Z4",
  fssai: "11226999000123",
  regime: "regular",
  grievanceOfficer: { name: "Asha Rao", designation: "Customer Care Head", email: "grievance@freshbowl.in", phone: "9845012345" },
};
/** A browser's push subscription of its own, as pushManager.subscribe() gives one. */
const matrixSubscription = () => {
  const keys = browserKeys();
  return { endpoint: `https://push.example.com/matrix/${randomUUID()}`, keys: { p256dh: keys.p256dh, auth: keys.authText } };
};
const nextAuth = (...segments: string[]) => ({ path: `/api/auth/${segments.join("/")}`, params: { nextauth: segments } });

/** For routes that end the caller's session: a fresh caller of the same kind, so the shared ones keep working. */
async function freshCallerLike(w: World, who: Who): Promise<Caller | null> {
  if (who === "signedOut") return null;
  const caller = await makeCaller(who === "admin" ? "admin" : "user");
  w.fx.adopt(caller.id);
  return caller;
}

// prettier-ignore
const MATRIX: Row[] = [
  //   method    route                                   what                                         out  cust other admin
  { method: "GET",    route: "/api/auth/[...nextauth]",        what: "session",                        expect: [200, 200, 200, 200], call: () => nextAuth("session") },
  { method: "GET",    route: "/api/auth/[...nextauth]",        what: "providers",                      expect: [200, 200, 200, 200], call: () => nextAuth("providers") },
  { method: "GET",    route: "/api/auth/[...nextauth]",        what: "csrf",                           expect: [200, 200, 200, 200], call: () => nextAuth("csrf") },
  // next-auth's sign-in page is ours (/login); sign-out without its CSRF token only redirects.
  { method: "GET",    route: "/api/auth/[...nextauth]",        what: "signin page → /login",           expect: [302, 302, 302, 302], call: () => nextAuth("signin") },
  { method: "POST",   route: "/api/auth/[...nextauth]",        what: "signout without csrf token",     expect: [302, 302, 302, 302], call: () => ({ ...nextAuth("signout"), body: {} }) },
  { method: "GET",    route: "/api/confirm/[token]",           what: "a live confirmation token",      expect: [200, 200, 200, 200], call: async (w) => {
      const user = await w.fx.unconfirmedUser();
      const token = await w.fx.token(user.id, "confirm_email");
      return { path: `/api/confirm/${token}`, params: { token } };
    } },
  // The scheduler's, not a user's: only `Bearer $CRON_SECRET` runs the due jobs, and with none set here everyone is refused (tests/integration/deploy.test.ts).
  // Complaints (product.md §11): anyone signed in reports a problem, about none of their orders or their own (another's is 404, as orders answer); admins resolve.
  { method: "POST",   route: "/api/complaints",                what: "report a problem",               expect: [401, 201, 201, 201], call: () => ({ path: "/api/complaints", body: { category: "other", description: "The bowl was fine but the bag was torn." } }) },
  { method: "POST",   route: "/api/complaints",                what: "a problem with the customer's order", expect: [401, 201, 404, 404], call: (w) => ({ path: "/api/complaints", body: { orderId: w.order, category: "late", description: "It came an hour after the promise." } }) },
  { method: "GET",    route: "/api/complaints",                what: "complaints (own, or all)",       expect: [401, 200, 200, 200], call: () => ({ path: "/api/complaints" }) },
  { method: "PATCH",  route: "/api/complaints/[id]",           what: "resolve a ticket",               expect: [401, 403, 403, 200], call: async (w) => {
      const { id } = await storedComplaint(w.callers.customer.id);
      return { path: `/api/complaints/${id}`, params: { id }, body: { status: "resolved", resolution: "We sent a fresh bowl." } };
    } },
  // The address book (product.md §13): everyone keeps their own; another's address is not found, admins' included.
  { method: "GET",    route: "/api/addresses",                 what: "own saved addresses",            expect: [401, 200, 200, 200], call: () => ({ path: "/api/addresses" }) },
  { method: "POST",   route: "/api/addresses",                 what: "save an address",                expect: [401, 201, 201, 201], call: () => ({ path: "/api/addresses", body: { label: "Home", ...address } }) },
  { method: "PUT",    route: "/api/addresses/[id]",            what: "relabel the customer's address", expect: [401, 200, 404, 404], call: async (w) => {
      const { id } = await db().savedAddress.create({ data: { ...address, userId: w.callers.customer.id, label: "Home" } });
      return { path: `/api/addresses/${id}`, params: { id }, body: { label: "Work" } };
    } },
  { method: "DELETE", route: "/api/addresses/[id]",            what: "delete the customer's address",  expect: [401, 200, 404, 404], call: async (w) => {
      const { id } = await db().savedAddress.create({ data: { ...address, userId: w.callers.customer.id, label: "Home" } });
      return { path: `/api/addresses/${id}`, params: { id } };
    } },
  { method: "GET",    route: "/api/cron/jobs",                 what: "run the jobs that are due",      expect: [401, 401, 401, 401], call: () => ({ path: "/api/cron/jobs" }) },
  // Not an EventSource (no Accept: text/event-stream): whether this server streams. What a stream carries, and to whom, is tests/integration/live-events.test.ts.
  { method: "GET",    route: "/api/events",                    what: "live updates: stream or poll?",  expect: [401, 200, 200, 200], call: () => ({ path: "/api/events" }) },
  // Favourites (product.md §13): anyone signed in keeps bowls of their own; there is no way to name another's.
  { method: "GET",    route: "/api/favourites",                what: "own favourites",                 expect: [401, 200, 200, 200], call: () => ({ path: "/api/favourites" }) },
  { method: "PUT",    route: "/api/favourites/[menuItemId]",   what: "keep a bowl",                    expect: [401, 200, 200, 200], call: (w) => ({ path: `/api/favourites/${w.item}`, params: { menuItemId: w.item } }) },
  { method: "DELETE", route: "/api/favourites/[menuItemId]",   what: "let a bowl go",                  expect: [401, 200, 200, 200], call: (w) => ({ path: `/api/favourites/${w.item}`, params: { menuItemId: w.item } }) },
  // Heard on the phone (product.md §14): anyone may read the push key; a signed-in customer keeps this browser's subscription and their own switches; admins read what was sent about an order.
  { method: "GET",    route: "/api/push/key",                  what: "the VAPID public key",           expect: [200, 200, 200, 200], call: () => ({ path: "/api/push/key" }) },
  { method: "POST",   route: "/api/push/subscriptions",        what: "get updates on this browser",    expect: [401, 201, 201, 201], call: () => ({ path: "/api/push/subscriptions", body: matrixSubscription() }) },
  { method: "DELETE", route: "/api/push/subscriptions",        what: "stop updates on this browser",   expect: [401, 200, 200, 200], call: () => ({ path: "/api/push/subscriptions", body: { endpoint: matrixSubscription().endpoint } }) },
  { method: "GET",    route: "/api/me/notifications",          what: "own update switches",            expect: [401, 200, 200, 200], call: () => ({ path: "/api/me/notifications" }) },
  { method: "PUT",    route: "/api/me/notifications",          what: "turn own push updates on",       expect: [401, 200, 200, 200], call: () => ({ path: "/api/me/notifications", body: { push: true } }) },
  { method: "GET",    route: "/api/orders/[id]/messages",      what: "what was sent about an order",   expect: [401, 403, 403, 200], call: (w) => ({ path: `/api/orders/${w.order}/messages`, params: { id: w.order } }) },
  // WhatsApp's, not a user's: without WHATSAPP_VERIFY_TOKEN no handshake passes, and an unsigned callback is 400 for all.
  { method: "GET",    route: "/api/whatsapp/webhook",          what: "the webhook handshake",          expect: [403, 403, 403, 403], call: () => ({ path: "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=42" }) },
  { method: "POST",   route: "/api/whatsapp/webhook",          what: "a WhatsApp callback",            expect: [400, 400, 400, 400], call: () => ({ path: "/api/whatsapp/webhook", headers: { "x-hub-signature-256": "sha256=00" }, body: { object: "whatsapp_business_account", entry: [] } }) },
  // Only the instance itself holds the key (lib/realtime/menu-expiry.ts).
  { method: "POST",   route: "/api/forgot-password",           what: "an account's address",          expect: [200, 200, 200, 200], call: async (w) => ({ path: "/api/forgot-password", body: { email: (await w.fx.unconfirmedUser()).email } }) },
  // The kitchen display's read (tests/integration/kitchen.test.ts for what it holds).
  { method: "GET",    route: "/api/kitchen",                   what: "the kitchen's tickets",          expect: [401, 403, 403, 200], call: () => ({ path: "/api/kitchen" }) },
  { method: "POST",   route: "/api/login",                     what: "right password",                 expect: [200, 200, 200, 200], call: (w) => ({ path: "/api/login", body: w.login }) },
  { method: "POST",   route: "/api/logout",                    what: "own session",                    expect: [200, 200, 200, 200], call: async (w, who) => ({ path: "/api/logout", body: {}, caller: await freshCallerLike(w, who) }) },
  { method: "GET",    route: "/api/me",                        what: "own account",                    expect: [401, 200, 200, 200], call: () => ({ path: "/api/me" }) },
  { method: "GET",    route: "/api/menu",                      what: "the menu",                       expect: [200, 200, 200, 200], call: () => ({ path: "/api/menu" }) },
  { method: "POST",   route: "/api/menu",                      what: "new item",                       expect: [401, 403, 403, 201], call: (w) => ({ path: "/api/menu", body: { name: `Matrix bowl ${randomBytes(3).toString("hex")}`, price: 159, category: w.fx.category.slug } }) },
  { method: "PUT",    route: "/api/menu/[id]",                 what: "rename an item",                 expect: [401, 403, 403, 200], call: async (w) => {
      const id = await w.fx.item();
      return { path: `/api/menu/${id}`, params: { id }, body: { name: "Renamed bowl", prices: { small: 150, medium: 200, large: 250 } } };
    } },
  { method: "DELETE", route: "/api/menu/[id]",                 what: "delete an item",                 expect: [401, 403, 403, 200], call: async (w) => {
      const id = await w.fx.item();
      return { path: `/api/menu/${id}`, params: { id } };
    } },
  // Offers (product.md §13): admins define coupon codes; anyone signed in checks one against their cart.
  { method: "GET",    route: "/api/offers",                    what: "the offers",                     expect: [401, 403, 403, 200], call: () => ({ path: "/api/offers" }) },
  { method: "POST",   route: "/api/offers",                    what: "new offer",                      expect: [401, 403, 403, 201], call: () => ({ path: "/api/offers", body: { code: freshCode("M"), kind: "flat", amount: 50 } }) },
  { method: "PUT",    route: "/api/offers/[id]",               what: "change an offer",                expect: [401, 403, 403, 200], call: async () => {
      const { id, code } = await storedOffer();
      return { path: `/api/offers/${id}`, params: { id }, body: { code, kind: "percent", percent: 10 } };
    } },
  { method: "DELETE", route: "/api/offers/[id]",               what: "deactivate an offer",            expect: [401, 403, 403, 200], call: async () => {
      const { id } = await storedOffer();
      return { path: `/api/offers/${id}`, params: { id } };
    } },
  { method: "POST",   route: "/api/offers/check",              what: "try a coupon code",              expect: [401, 200, 200, 200], call: async () => {
      const { code } = await storedOffer();
      return { path: "/api/offers/check", body: { code, subtotal: 300 } };
    } },
  { method: "GET",    route: "/api/orders",                    what: "list (own, or all for admin)",   expect: [401, 200, 200, 200], call: () => ({ path: "/api/orders" }) },
  // A fresh caller of each kind: by the second run of the table the shared customer holds more open orders than one may (product.md §5).
  { method: "POST",   route: "/api/orders",                    what: "place an order",                 expect: [401, 201, 201, 201], call: async (w, who) => ({
      caller: await freshCallerLike(w, who),
      path: "/api/orders",
      headers: { "idempotency-key": randomUUID() },
      body: { items: [{ id: w.item, portion: "medium", quantity: 2 }], address, paymentMethod: "UPI" },
    }) },
  // "customer" owns the order; "another customer" does not, and is told it does not exist.
  { method: "GET",    route: "/api/orders/[id]",               what: "one order",                      expect: [401, 200, 404, 200], call: (w) => ({ path: `/api/orders/${w.order}`, params: { id: w.order } }) },
  { method: "PATCH",  route: "/api/orders/[id]",               what: "cancel a pending order",         expect: [401, 200, 404, 200], call: async (w) => {
      const id = await w.fx.order(w.callers.customer.id, w.item);
      return { path: `/api/orders/${id}`, params: { id }, body: { status: "cancelled" } };
    } },
  { method: "PATCH",  route: "/api/orders/[id]",               what: "confirm a pending order",        expect: [401, 403, 404, 200], call: async (w) => {
      const id = await w.fx.order(w.callers.customer.id, w.item);
      return { path: `/api/orders/${id}`, params: { id }, body: { status: "confirmed" } };
    } },
  // Only the owner pays; here no gateway is configured (payment_unavailable) and the order is not waiting (not_awaiting_payment).
  { method: "GET",    route: "/api/orders/[id]/invoice",       what: "a delivered order's bill",       expect: [401, 200, 404, 200], call: async (w) => {
      const id = await w.fx.invoicedOrder(w.callers.customer.id, w.item);
      return { path: `/api/orders/${id}/invoice`, params: { id } };
    } },
  { method: "POST",   route: "/api/orders/[id]/payment",       what: "pay a pending order",            expect: [401, 400, 404, 404], call: async (w) => {
      const id = await w.fx.order(w.callers.customer.id, w.item);
      return { path: `/api/orders/${id}/payment`, params: { id }, body: { razorpay_payment_id: "pay_x", razorpay_order_id: "order_x", razorpay_signature: "00" } };
    } },
  // Razorpay's, not a user's: the signature is the only proof, whoever calls; unsigned is 400 for all.
  { method: "POST",   route: "/api/payments/razorpay/webhook", what: "a gateway event",                expect: [400, 400, 400, 400], call: () => ({ path: "/api/payments/razorpay/webhook", headers: { "x-razorpay-signature": "00", "x-razorpay-event-id": "evt_matrix" }, body: { event: "payment.captured", payload: {} } }) },
  { method: "POST",   route: "/api/orders/[id]/checkout",      what: "Pay now for a pending order",    expect: [401, 409, 404, 404], call: async (w) => {
      const id = await w.fx.order(w.callers.customer.id, w.item);
      return { path: `/api/orders/${id}/checkout`, params: { id } };
    } },
  // Refunds are the admin's (product.md §10); a customer is told the order does not exist. A delivered cash order: recorded as cash paid back.
  // Coming back (product.md §13): only the order's own customer orders it again or rates it; to anyone else, admins too, it is not found.
  { method: "POST",   route: "/api/orders/[id]/reorder",       what: "order again",                    expect: [401, 200, 404, 404], call: (w) => ({ path: `/api/orders/${w.order}/reorder`, params: { id: w.order } }) },
  { method: "POST",   route: "/api/orders/[id]/rating",        what: "rate a delivered order",         expect: [401, 201, 404, 404], call: async (w) => {
      const id = await w.fx.deliveredOrder(w.callers.customer.id, w.item);
      return { path: `/api/orders/${id}/rating`, params: { id }, body: { stars: 5, comment: "Lovely" } };
    } },
  { method: "POST",   route: "/api/orders/[id]/refund",        what: "refund a delivered order",       expect: [401, 404, 404, 201], call: async (w) => {
      const id = await w.fx.deliveredOrder(w.callers.customer.id, w.item);
      return { path: `/api/orders/${id}/refund`, params: { id }, body: { amount: 50, reason: "Cold bowl" } };
    } },
  // A refund paid back in cash is processed at once, never failed: the admin's retry is a 409.
  { method: "POST",   route: "/api/orders/[id]/refunds/[refundId]/retry", what: "retry a refund",      expect: [401, 404, 404, 409], call: async (w) => {
      const id = await w.fx.deliveredOrder(w.callers.customer.id, w.item);
      const refund = await db().refund.create({ data: { orderId: id, amount: 20, reason: "Matrix", method: "cash", status: "processed", processedAt: new Date() } });
      return { path: `/api/orders/${id}/refunds/${refund.id}/retry`, params: { id, refundId: refund.id } };
    } },
  // The bill's PDF, as GET /api/orders/{id}/invoice (before delivery it is 404 for all: tests/integration/invoice-pdf.test.ts).
  { method: "GET",    route: "/api/orders/[id]/invoice.pdf",   what: "a delivered order's bill as a PDF", expect: [401, 200, 404, 200], call: async (w) => {
      const id = await w.fx.invoicedOrder(w.callers.customer.id, w.item);
      return { path: `/api/orders/${id}/invoice.pdf`, params: { id } };
    } },
  // A credit note of a billed order (product.md §11): as its bill, the owner's and the admins'.
  { method: "GET",    route: "/api/orders/[id]/credit-notes/[number]", what: "a credit note of a bill", expect: [401, 200, 404, 200], call: async (w) => {
      const id = await w.fx.invoicedOrder(w.callers.customer.id, w.item);
      const refund = await db().refund.create({ data: { orderId: id, amount: 20, reason: "Matrix", method: "cash", status: "processed", processedAt: new Date() } });
      await db().$transaction((tx) => issueCreditNote(tx, refund.id, new Date()));
      const { number } = await db().creditNote.findUniqueOrThrow({ where: { refundId: refund.id } });
      return { path: `/api/orders/${id}/credit-notes/${encodeURIComponent(number)}`, params: { id, number: encodeURIComponent(number) } };
    } },
  // The kitchen's own riders (product.md §12): admins dispatch and cash up; the order's own rider picks up and hands over (tests/integration/riders*.test.ts for riders' own calls).
  { method: "PATCH",  route: "/api/orders/[id]",               what: "give an order to a rider",       expect: [401, 403, 403, 200], call: async (w) => {
      const [rider, id] = [await riderOf(w.fx), await w.fx.order(w.callers.customer.id, w.item)];
      return { path: `/api/orders/${id}`, params: { id }, body: { riderId: rider.id } };
    } },
  { method: "POST",   route: "/api/orders/[id]/pickup",        what: "pick up a confirmed order",      expect: [401, 403, 404, 200], call: async (w) => {
      const { id } = await assignedOrder(w.fx, w.callers.customer.id, w.item, (await riderOf(w.fx)).id, "confirmed");
      return { path: `/api/orders/${id}/pickup`, params: { id } };
    } },
  { method: "POST",   route: "/api/orders/[id]/handover",      what: "the right code at the door",     expect: [401, 403, 404, 200], call: async (w) => {
      const { id, code } = await assignedOrder(w.fx, w.callers.customer.id, w.item, (await riderOf(w.fx)).id, "out_for_delivery");
      return { path: `/api/orders/${id}/handover`, params: { id }, body: { code } };
    } },
  { method: "GET",    route: "/api/riders",                    what: "the riders",                     expect: [401, 403, 403, 200], call: () => ({ path: "/api/riders" }) },
  { method: "GET",    route: "/api/riders/me",                 what: "a rider's page",                 expect: [401, 403, 403, 200], call: () => ({ path: "/api/riders/me" }) },
  { method: "PUT",    route: "/api/riders/me",                 what: "a rider's switch",               expect: [401, 403, 403, 403], call: () => ({ path: "/api/riders/me", body: { onDuty: false } }) },
  { method: "GET",    route: "/api/riders/[id]/ledger",        what: "a rider's cash-up",              expect: [401, 403, 403, 200], call: async (w) => {
      const { id } = await riderOf(w.fx);
      return { path: `/api/riders/${id}/ledger`, params: { id } };
    } },
  { method: "POST",   route: "/api/riders/[id]/settlements",   what: "cash a rider hands in",          expect: [401, 403, 403, 201], call: async (w) => {
      const rider = await riderOf(w.fx);
      await assignedOrder(w.fx, w.callers.customer.id, w.item, rider.id, "delivered", { paymentStatus: "paid", collectedById: rider.id, paidAt: new Date() });
      return { path: `/api/riders/${rider.id}/settlements`, params: { id: rider.id }, body: { amount: 1 } };
    } },
  { method: "POST",   route: "/api/register",                  what: "a new address",                  expect: [201, 201, 201, 201], call: () => ({ path: "/api/register", body: { name: "Meera Iyer", email: freshEmail(), password: PASSWORD } }) },
  { method: "POST",   route: "/api/resend-confirmation",       what: "an unconfirmed address",         expect: [200, 200, 200, 200], call: async (w) => ({ path: "/api/resend-confirmation", body: { email: (await w.fx.unconfirmedUser()).email } }) },
  // The accountant's figures (product.md §11): admins only, for any month or range.
  { method: "GET",    route: "/api/reports/gstr1",             what: "a month's GSTR-1 figures",       expect: [401, 403, 403, 200], call: () => ({ path: "/api/reports/gstr1?month=2026-11" }) },
  { method: "GET",    route: "/api/reports/sales.csv",         what: "the sales CSV of a range",       expect: [401, 403, 403, 200], call: () => ({ path: "/api/reports/sales.csv?from=2026-11-01&to=2026-11-30" }) },
  { method: "POST",   route: "/api/reset-password/[token]",    what: "a live reset token",             expect: [200, 200, 200, 200], call: async (w) => {
      const user = await w.fx.unconfirmedUser();
      const token = await w.fx.token(user.id, "reset_password");
      return { path: `/api/reset-password/${token}`, params: { token }, body: { password: "brand-new-salad-77" } };
    } },
  // Who is signed in, for the header of the prerendered pages: nobody is an answer too (a 200).
  { method: "GET",    route: "/api/session",                   what: "who is signed in",               expect: [200, 200, 200, 200], call: () => ({ path: "/api/session" }) },
  // The shop's settings (product.md §9): anyone reads; admins change, pause and reopen (the pause row is followed by the reopening one, so later rows order while open).
  { method: "GET",    route: "/api/store",                     what: "the shop's settings and state",  expect: [200, 200, 200, 200], call: () => ({ path: "/api/store" }) },
  { method: "PUT",    route: "/api/store",                     what: "change a setting",               expect: [401, 403, 403, 200], call: () => ({ path: "/api/store", body: { ordersPerSlot: 20 } }) },
  { method: "POST",   route: "/api/store/pause",               what: "pause ASAP orders",              expect: [401, 403, 403, 200], call: () => ({ path: "/api/store/pause", body: { minutes: 15, reason: "Matrix" } }) },
  { method: "DELETE", route: "/api/store/pause",               what: "reopen",                         expect: [401, 403, 403, 200], call: () => ({ path: "/api/store/pause" }) },
  // The business on the bill (product.md §11): admins save it whole, then put the fresh install back (DELETE), so the file leaves no details behind.
  { method: "PUT",    route: "/api/store/business",            what: "save the business details",      expect: [401, 403, 403, 200], call: () => ({ path: "/api/store/business", body: BUSINESS }) },
  { method: "DELETE", route: "/api/store/business",            what: "back to the fresh install",      expect: [401, 403, 403, 200], call: () => ({ path: "/api/store/business" }) },
  { method: "GET",    route: "/api/delivery-areas",            what: "where the shop delivers",        expect: [200, 200, 200, 200], call: () => ({ path: "/api/delivery-areas" }) },
  { method: "PUT",    route: "/api/delivery-areas",            what: "replace the areas (with none)",  expect: [401, 403, 403, 200], call: () => ({ path: "/api/delivery-areas", body: [] }) },
  { method: "GET",    route: "/api/delivery-areas/check",      what: "do we deliver to a PIN?",        expect: [200, 200, 200, 200], call: () => ({ path: "/api/delivery-areas/check?pin=560034" }) },
  { method: "GET",    route: "/api/slots",                     what: "today's delivery slots",         expect: [200, 200, 200, 200], call: () => ({ path: "/api/slots" }) },
  { method: "GET",    route: "/api/users",                     what: "every account",                  expect: [401, 403, 403, 200], call: () => ({ path: "/api/users" }) },
  { method: "PATCH",  route: "/api/users/[id]",                what: "make a customer admin",          expect: [401, 403, 403, 200], call: async (w) => {
      const target = await makeCaller("user");
      w.fx.adopt(target.id);
      return { path: `/api/users/${target.id}`, params: { id: target.id }, body: { role: "admin" } };
    } },
  { method: "POST",   route: "/api/users/[id]/cancel-open-orders", what: "a customer's open orders",  expect: [401, 403, 403, 200], call: async (w) => {
      const target = await makeCaller("user");
      w.fx.adopt(target.id);
      await w.fx.order(target.id, w.item);
      return { path: `/api/users/${target.id}/cancel-open-orders`, params: { id: target.id } };
    } },
  { method: "GET",    route: "/api/verify-reset-token/[token]", what: "a live reset token",            expect: [200, 200, 200, 200], call: async (w) => {
      const user = await w.fx.unconfirmedUser();
      const token = await w.fx.token(user.id, "reset_password");
      return { path: `/api/verify-reset-token/${token}`, params: { token } };
    } },
];

let routes: ApiRoute[] = [];
let world: World;
let digest: Fingerprinter;

beforeAll(async () => {
  routes = await listApiRoutes();
  const fx = await shopFixtures("authz");
  const [customer, otherCustomer, admin] = await Promise.all([
    makeCaller("user", { via: "cookie" }),
    makeCaller("user", { via: "cookie", name: "Vikram Shah" }),
    makeCaller("admin", { via: "cookie" }),
  ]);
  for (const c of [customer, otherCustomer, admin]) fx.adopt(c.id);
  const item = await fx.item();
  const order = await fx.order(customer.id, item);
  const login = { email: freshEmail(), password: PASSWORD };
  const loginUser = await db().user.create({
    data: { name: "Login Tester", email: login.email, passwordHash: await hashPassword(PASSWORD), emailConfirmedAt: new Date() },
  });
  fx.adopt(loginUser.id);
  world = { fx, callers: { customer, otherCustomer, admin }, item, order, login };
  // A mail sent (and its job deleted) between two digests would look like a write.
  digest = await watchWrites();
});

afterAll(async () => {
  await stopWatching(digest);
  const registered = await db().user.findMany({ where: { email: { startsWith: "authz." } }, select: { id: true } });
  for (const u of registered) world.fx.adopt(u.id);
  await world.fx.cleanUp();
});

describe("the table covers every route", () => {
  it("lists every method of every route file under app/api, and nothing else", () => {
    const onDisk = routes.flatMap((r) => Object.keys(r.handlers).map((m) => `${m} ${r.route}`)).sort();
    const inTable = [...new Set(MATRIX.map((r) => `${r.method} ${r.route}`))].sort();
    expect(onDisk.length).toBeGreaterThan(15);
    expect(inTable, "routes on disk missing from MATRIX (add a row), or rows for routes that do not exist").toEqual(onDisk);
  });
});

// Once as a browser (the session cookie) and once as an API client (`Authorization: Bearer`).
for (const via of ["cookie", "bearer"] as const)
  describe(`session sent as ${via}`, () => {
    for (const row of MATRIX)
      describe(`${row.method} ${row.route} (${row.what})`, () => {
        for (const [i, who] of WHO.entries())
          it(`${who} → ${row.expect[i]}`, async () => {
            const status = row.expect[i];
            const handler = routes.find((r) => r.route === row.route)?.handlers[row.method as keyof ApiRoute["handlers"]];
            expect(handler, `${row.method} ${row.route} is not exported`).toBeTypeOf("function");
            const { caller, path, ...init } = await row.call(world, who);
            const chosen = caller === undefined ? (who === "signedOut" ? undefined : world.callers[who]) : (caller ?? undefined);
            const as = chosen && sentVia(chosen, via);
            const before = status >= 400 ? await digest.take() : undefined;
            const reply = await call(handler as AnyHandler, row.method, path, { ...init, caller: as });
            expect(reply.status, `${row.method} ${path} as ${who}: ${reply.text.slice(0, 300)}`).toBe(status);
            if (before) expect(await digest.take(), "a refused call wrote to the database").toEqual(before);
          });
      });
  });
