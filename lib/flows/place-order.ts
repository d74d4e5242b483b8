import "server-only";
import { inTransaction } from "@/lib/db/transaction";
import { isUniqueViolation } from "@/lib/db/errors";
import { newId } from "@/lib/db/ids";
import { env } from "@/lib/env";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { namedStatement } from "@/lib/db/named-sql";
import { Conflict, Invalid } from "@/lib/errors";
import { gatewayFor } from "@/lib/payments/current";
import { withCheckout } from "@/lib/payments/checkout";
import { holdUnpaidPlace, UNPAID_RACE_CODES, withinOnlineCap } from "@/lib/payments/online-limits";
import type { GatewayName } from "@/lib/payments/gateway";
import type { SessionUser } from "@/lib/auth/session";
import { confirmationMessageSql, orderConfirmationJobSql } from "@/lib/jobs/mail";
import { expiryJobSql } from "@/lib/flows/expire-unpaid-order";
import { orderTotals, priceLines, subtotalOf } from "@/lib/orders/pricing";
import { lockedMenuRowsAndSlot } from "@/lib/orders/locked-menu-rows";
import { deliveryAreaFor, deliveryFeeOf, pickSlot, planSlot } from "@/lib/orders/delivery";
import { isSlotTaken, takeSlotSql } from "@/lib/store/slots";
import { readTerms, type Terms } from "@/lib/store/terms";
import { paymentMethodKey } from "@/lib/orders/schema";
import type { PlaceOrderInput } from "@/lib/flows/place-order-input";
import type { ApiOrderWithHistory, PlacedOrder } from "@/lib/orders/types";
import { lookUpKey, orderUnderKey, requestHash, type Key } from "@/lib/orders/idempotency";
import { asCouponRefusal, decideCoupon, readCoupon, takeCouponUse } from "@/lib/offers/redeem";
import { addressColumnsOf, toApiOrder, type OrderRow } from "@/lib/orders/rows";
import { holdRoomForOpenOrder, spendOrderAllowance } from "@/lib/orders/order-limits";
import { newHandover } from "@/lib/orders/handover-code";

// Placing an order, the shop's busiest write: one transaction on one connection makes sure the customer may hold one
// more open order (order-limits.ts) and, in one statement (locked-menu-rows.ts), reads the menu rows the order is
// priced from (locked, so an admin's change waits until the order has committed) and counts the room in the slots it
// may take, all sent at once with the BEGIN; then writes the order, its lines, its idempotency key and its confirmation
// mail's job in one statement that also takes the slot's place, or nothing at all. That statement goes out with the
// COMMIT: every ASAP order takes the same slot, whose lock is so held for that statement alone, not for a wait on a
// busy shop. Plain `pg` prepared statements with named parameters rather than Prisma queries: an order through Prisma's
// interactive transaction cost several times the CPU (bench/README.md).

const MENU_CHANGED = "Prices have changed since you added these items. Please review your order.";

/**
 * The order, taking its place in the slot picked for it (the statement fails, writing nothing, when others filled
 * the slot since), its lines (one array per column), its key when one was sent (a second request with that key waits
 * on the unique index until the first commits, then fails as a duplicate) and the confirmation mail's job, carrying
 * the order as replied so the worker sends it without a read; an order to be paid online gets its mail once paid
 * instead (lib/payments/settle.ts), and the job that cancels it if it is still unpaid when the payment window closes
 * (lib/flows/expire-unpaid-order.ts).
 */
const WRITE_ORDER = namedStatement(
  "order-write",
  `WITH o AS (
  INSERT INTO orders (id, user_id, payment_method, subtotal, discount, coupon_code, coupon_description, delivery_fee, packaging_charge, total, address_name, address_phone,
                      address_street, address_city, address_state, address_zip, buyer_gstin, buyer_legal_name, created_at, updated_at,
                      slot_start, slot_end, promised_by, scheduled, delivery_area, status, payment_status, gateway, whatsapp_consent_at, handover_code)
  VALUES (:id, :userId, :paymentMethod::"PaymentMethod", :subtotal, :discount, :couponCode, :couponDescription, :deliveryFee, :packagingCharge, :total, :addressName, :addressPhone,
          :addressStreet, :addressCity, :addressState, :addressZip, :buyerGstin, :buyerLegalName, :createdAt::timestamp(3), :createdAt::timestamp(3),
          ${takeSlotSql(":slotStart::timestamp(3)", ":capacity::int")}, :slotEnd::timestamp(3), :slotEnd::timestamp(3), :scheduled, :deliveryArea,
          :status::"OrderStatus", :paymentStatus::"PaymentStatus", :gateway, :whatsappConsentAt::timestamp(3), :handoverCode)
  RETURNING id
), l AS (
  INSERT INTO order_lines (id, order_id, menu_item_id, name, portion, unit_price, quantity, line_total, position, options, note)
  SELECT l.id, o.id, l.menu_item_id, l.name, l.portion::"Portion", l.unit_price, l.quantity, l.line_total, l.position, l.options::jsonb, l.note
  FROM o, unnest(:lineIds::text[], :menuItemIds::text[], :names::text[], :portions::text[], :unitPrices::int[], :quantities::int[],
                 :lineTotals::int[], :positions::int[], :options::text[], :notes::text[])
       AS l(id, menu_item_id, name, portion, unit_price, quantity, line_total, position, options, note)
  RETURNING 1
), k AS (
  INSERT INTO idempotency_keys (id, user_id, key, request_hash, order_id)
  SELECT :keyId, :userId, :key::varchar(255), :requestHash, o.id FROM o WHERE :key::varchar(255) IS NOT NULL
  RETURNING 1
), mail AS (
  SELECT ${orderConfirmationJobSql("o.id", ":order::json", ":mailMessageId::text")} AS job_id FROM o WHERE NOT :payOnline::boolean
), message AS (
  ${confirmationMessageSql(":mailMessageId::text", "o.id", ":mailRecipient::text")} FROM o WHERE NOT :payOnline::boolean
  RETURNING 1
), expiry AS (
  SELECT ${expiryJobSql("o.id", ":createdAt::timestamp(3) AT TIME ZONE 'UTC'")} AS job_id FROM o WHERE :payOnline::boolean
)
SELECT (SELECT count(*) FROM l)::int AS lines, (SELECT count(*) FROM k)::int AS keys,
       (SELECT count(*) FROM mail)::int AS mails, (SELECT count(*) FROM expiry)::int AS expiries`,
);

function valueOf<T>(settled: PromiseSettledResult<T>): T {
  if (settled.status === "rejected") throw settled.reason;
  return settled.value;
}

async function writeOrder(
  user: SessionUser,
  input: PlaceOrderInput,
  key: Key | undefined,
  { store, areas, packagingCharge, ip }: Terms & { ip: string },
  gateway: GatewayName | null,
): Promise<ApiOrderWithHistory> {
  const payOnline = gateway !== null;
  const area = deliveryAreaFor(areas, input.address.zip);
  const now = new Date();
  // A slot that others filled between this order's pick and its write: the order tries again from that slot on.
  for (let from: Date | undefined; ;) {
    let picked: Date | undefined;
    try {
      return await inTransaction(async (client, commit) => {
        const ids = [...new Set(input.items.map((i) => i.menuItemId))];
        const plan = planSlot(store, input.deliverAt, now, from);
        // Sent together; their refusals are thrown in the contract's order (product.md §9): room, prices, minimum, slot.
        const [room, reads, offer] = await Promise.allSettled([
          holdRoomForOpenOrder(client, user).then(() => holdUnpaidPlace(client, user, { payOnline, ip, orderId: newId() })),
          lockedMenuRowsAndSlot(client, ids, plan.first, store.settings.ordersPerSlot),
          input.couponCode ? readCoupon(client, input.couponCode, user.id) : null,
        ]);
        const id = valueOf(room);
        const { menu, slot: counted } = valueOf(reads);
        const lines = priceLines(input.items, new Map(menu.map((m) => [m.id, m])));
        // The area's minimum is the subtotal's, before any discount (product.md §13).
        const [subtotal, stored] = [subtotalOf(lines), valueOf(offer)];
        const deliveryFee = deliveryFeeOf(area, subtotal);
        const applied = input.couponCode ? decideCoupon(stored, { now, subtotal, deliveryFee, payOnline }) : null;
        const totals = withinOnlineCap(payOnline, orderTotals(lines, deliveryFee, packagingCharge, applied?.discount ?? 0));
        if (input.total !== undefined && input.total !== totals.total) {
          throw new Conflict(MENU_CHANGED, { prices: lines.map((l) => l.unitPrice), ...totals }, "price_changed");
        }
        const { slot, scheduled } = await pickSlot(client, store, plan, counted);
        picked = slot.start;
        // Placed now, once the customer's lock is held: an order that waited behind another of
        // theirs is placed after it, and after any order of theirs that closed meanwhile.
        const placedAt = new Date();
        // The rows about to be written, as orderInclude would read them back: the reply and the mail.
        const row: OrderRow = {
          id,
          userId: user.id,
          // Paid online: not the kitchen's until paid, but it holds its slot and counts as open.
          status: payOnline ? "awaiting_payment" : "pending",
          paymentMethod: paymentMethodKey(input.paymentMethod),
          paymentStatus: payOnline ? "awaiting" : "due_on_delivery",
          gateway,
          gatewayOrderId: null,
          gatewayPaymentId: null,
          paidAt: null,
          refundedAt: null,
          refundedAmount: 0,
          couponCode: applied?.coupon.code ?? null,
          couponDescription: applied?.coupon.description ?? null,
          // Asked only where the shop sends WhatsApp messages (the payment step shows the box then).
          whatsappConsentAt: input.whatsapp && env().whatsappEnabled ? placedAt : null,
          ...totals,
          ...addressColumnsOf(input.address),
          buyerGstin: input.buyer?.gstin ?? null,
          buyerLegalName: input.buyer?.legalName ?? null,
          createdAt: placedAt,
          updatedAt: placedAt,
          slotStart: slot.start,
          slotEnd: slot.end,
          promisedBy: slot.end,
          scheduled,
          deliveryArea: area?.name ?? null,
          lines: lines.map((line) => ({ ...line, id: newId(), orderId: id })),
          user: { id: user.id, name: user.name, email: user.email },
          statusChanges: [],
          refunds: [],
          invoice: null,
          ...newHandover(),
        };
        const order = toApiOrder(row);
        const write = WRITE_ORDER({
          ...row,
          // timestamp(3) columns hold UTC wall-clock time, as Prisma writes them.
          createdAt: sqlTimestamp(placedAt),
          slotStart: sqlTimestamp(slot.start),
          slotEnd: sqlTimestamp(slot.end),
          whatsappConsentAt: row.whatsappConsentAt && sqlTimestamp(row.whatsappConsentAt),
          capacity: store.settings.ordersPerSlot,
          lineIds: row.lines.map((l) => l.id),
          menuItemIds: row.lines.map((l) => l.menuItemId),
          names: row.lines.map((l) => l.name),
          portions: row.lines.map((l) => l.portion),
          unitPrices: row.lines.map((l) => l.unitPrice),
          quantities: row.lines.map((l) => l.quantity),
          lineTotals: row.lines.map((l) => l.lineTotal),
          positions: row.lines.map((l) => l.position),
          options: row.lines.map((l) => JSON.stringify(l.options)),
          notes: row.lines.map((l) => l.note),
          keyId: newId(),
          key: key?.key ?? null,
          requestHash: key?.requestHash ?? null,
          order: JSON.stringify(order),
          mailMessageId: newId(),
          mailRecipient: user.email,
          payOnline,
        });
        // The coupon's use is taken with the COMMIT, counted again under the offer's lock (lib/offers/redeem.ts).
        await commit(write, ...(applied ? [takeCouponUse(id, user.id, applied)] : [])).catch((error: unknown) => {
          throw asCouponRefusal(error, stored);
        });
        return order;
      });
    } catch (error) {
      if (!picked || !isSlotTaken(error)) throw error;
      from = picked;
    }
  }
}

/** What the first of two requests with one key leaves the second to meet: its open order, its place in a slot. */
const RACED_CODES = new Set<string>(["too_many_open_orders", "slot_full", "fully_booked", ...UNPAID_RACE_CODES]);

/**
 * Whether a refused write may be a second request with the same key that waited for the first: it meets the
 * first's order as a duplicate key, as one open order too many, or as the slot the first one filled.
 */
function mayHaveRaced(error: unknown): boolean {
  return isUniqueViolation(error) || (error instanceof Conflict && RACED_CODES.has(error.code));
}

type PlaceOrderOptions = {
  /** The Idempotency-Key header, when sent. */
  idempotencyKey?: string;
  /** The client's address, as the per-IP limits key it (lib/client-ip.ts). */
  ip: string;
};

/**
 * Prices every line from the database and writes the order for `user` (product.md §3, §4, §8),
 * within the order limits (§5, order-limits.ts). A retry with the same key and body returns the
 * first order (created: false) and spends no allowance, also when the two requests raced; a key
 * reused for another body gets 409.
 */
export async function placeOrder(
  user: SessionUser,
  input: PlaceOrderInput,
  { idempotencyKey, ip }: PlaceOrderOptions,
): Promise<PlacedOrder> {
  const gateway = gatewayFor(input.paymentMethod);
  if (!gateway) throw new Invalid(PAYMENT_UNAVAILABLE, "paymentMethod", "payment_unavailable");
  const key = idempotencyKey === undefined ? undefined : { key: idempotencyKey, requestHash: requestHash(input) };
  // The key's lookup also reads the terms' version: the terms are read again only when it moved.
  const { earlier, termsVersion } = key ? await lookUpKey(user, key) : { earlier: null, termsVersion: undefined };
  if (earlier) return withCheckout(gateway, { order: earlier, created: false });
  // The terms beside the allowance: as of this order, so a pause or new hours saved before it hold.
  const [terms] = await Promise.all([readTerms(new Date(), termsVersion), spendOrderAllowance(user, ip)]);
  try {
    return await withCheckout(gateway, { order: await writeOrder(user, input, key, { ...terms, ip }, gateway.name), created: true });
  } catch (error) {
    const raced = key && mayHaveRaced(error) ? await orderUnderKey(user, key) : null;
    if (raced) return withCheckout(gateway, { order: raced, created: false });
    throw error;
  }
}

const PAYMENT_UNAVAILABLE = "Online payment is not available right now. Please choose Cash on Delivery.";
