"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { subtotalOf } from "@/lib/cart/lines";
import { feeFor, isNamedArea, shortOfMinimum } from "@/lib/cart/delivery-terms";
import type { CartLine } from "@/lib/cart/types";
import type { Address, PaymentMethodLabel } from "@/lib/orders/schema";
import { belowMinimumMessage, notDeliveringMessage } from "@/lib/store/words";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { Totals } from "@/components/cart/totals";
import { PostalAddress } from "@/components/orders/postal-address";
import { CheckoutCard } from "@/components/checkout/checkout-card";
import { DeliveryTimePicker } from "@/components/checkout/delivery-time-picker";
import { OrderLines } from "@/components/checkout/order-lines";
import { PaymentMethodPicker } from "@/components/checkout/payment-method-picker";
import { useCheckoutGuard } from "@/components/checkout/use-checkout-guard";
import { useDeliveryArea } from "@/components/checkout/use-delivery-area";
import { useDeliveryTime } from "@/components/checkout/use-delivery-time";
import { usePlaceOrder } from "@/components/checkout/use-place-order";
import { PayForOrder } from "@/components/checkout/pay-for-order";
import type { AwaitingPayment } from "@/components/checkout/place-order-reply";
import { payDeadline, type PaymentOptions } from "@/components/checkout/payment-terms";
import { orderNumber } from "@/lib/orders/status";
import type { ChargeTerms } from "@/components/cart/charges";
import { CouponField, useCoupon } from "@/components/cart/coupon-field";
import { BusinessBuyerFields, checkedBuyer, type BusinessBuyerState, type BuyerErrors } from "@/components/checkout/business-buyer-fields";
import { WhatsAppConsent } from "@/components/checkout/whatsapp-consent";
import { PlaceOrderAlert, PolicyNote } from "@/components/checkout/policy-note";

const CHOOSE_SLOT = "Please choose a day and a delivery slot, or As soon as possible.";

/**
 * The payment step: when, how to pay, the summary with every charge, and "Place Order" (exactly
 * one order per checkout attempt). An order to be paid online is paid here before the success
 * page: Checkout opens at once, and if it is closed or fails the customer may try again or pay on
 * delivery instead. `charges`: the packaging and "incl. GST", read on the server with the page;
 * `whatsapp`: whether the shop sends WhatsApp updates (product.md §14), so the box is offered.
 */
export function PaymentStep({ options, charges, whatsapp }: { options: PaymentOptions; charges: ChargeTerms; whatsapp: boolean }) {
  const { ready, lines, address, markDone } = useCheckoutGuard("payment");
  const [placed, setPlaced] = useState(false);
  const [toPay, setToPay] = useState<{ orderId: string; payment: AwaitingPayment; scriptUrl: string } | null>(null);

  if (toPay) {
    return (
      <PayForOrder
        orderId={toPay.orderId}
        orderCode={orderNumber(toPay.orderId)}
        scriptUrl={toPay.scriptUrl}
        deadline={payDeadline(toPay.payment.createdAt, options.paymentWindowMs)}
        placed={{ checkout: toPay.payment.checkout }}
      />
    );
  }
  if (placed) {
    return (
      <p role="status" className="text-stone-700">
        Order placed! Taking you to your order…
      </p>
    );
  }
  if (!ready || !address) {
    return (
      <p role="status" className="text-stone-600">
        Loading your checkout…
      </p>
    );
  }
  return (
    <PaymentForm
      lines={lines}
      address={address}
      methods={options.methods}
      charges={charges}
      whatsapp={whatsapp}
      onPlaced={() => {
        markDone();
        setPlaced(true);
      }}
      onAwaitingPayment={(orderId, payment) => {
        // Without a Checkout to open (no gateway on this page), the success page takes over.
        if (!options.scriptUrl) return false;
        setToPay({ orderId, payment, scriptUrl: options.scriptUrl });
        return true;
      }}
    />
  );
}

type FormProps = {
  lines: CartLine[];
  address: Address;
  methods: readonly PaymentMethodLabel[];
  charges: ChargeTerms;
  whatsapp: boolean;
  onPlaced: () => void;
  onAwaitingPayment: (orderId: string, payment: AwaitingPayment) => boolean;
};

function PaymentForm({ lines, address, methods, charges, whatsapp, onPlaced, onAwaitingPayment }: FormProps) {
  const [updatesOnWhatsApp, setUpdatesOnWhatsApp] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodLabel>("Cash on Delivery");
  const [askedForSlot, setAskedForSlot] = useState(false);
  const [business, setBusiness] = useState<BusinessBuyerState>({ wanted: false, gstin: "", legalName: "" });
  const [buyerErrors, setBuyerErrors] = useState<BuyerErrors>({});
  const time = useDeliveryTime();
  const delivery = useDeliveryArea(address.zip);
  const { placing, failure, placeOrder } = usePlaceOrder({
    onPlaced,
    onAwaitingPayment,
    onRefused: (code) => {
      if (code === "not_delivering") delivery.markNotDelivering();
      time.refused(code);
    },
  });
  const placingId = useId();
  const blockedId = useId();

  const { area } = delivery;
  const subtotal = subtotalOf(lines);
  const coupon = useCoupon({ subtotal, paymentMethod, pin: address.zip });
  const deliveryFee = area ? feeFor(area, subtotal) : null;
  // The server prices the order again and refuses a total that differs (409): nothing is added later.
  const total = subtotal - coupon.discount + charges.packagingCharge + (deliveryFee ?? 0);
  // What keeps the order from being placed, in the shop's words; the server checks it again.
  const blocked = delivery.notDelivering
    ? notDeliveringMessage(address.zip)
    : area && shortOfMinimum(area, subtotal) > 0
      ? belowMinimumMessage(area.name, area.minimumOrder)
      : null;

  // Shown until a slot is chosen.
  const unready = askedForSlot && time.deliverAt === null ? CHOOSE_SLOT : null;

  const onPlace = () => {
    if (time.deliverAt === null) {
      setAskedForSlot(true);
      return;
    }
    const buyer = checkedBuyer(business);
    setBuyerErrors(buyer.errors);
    if (!buyer.ok) return;
    void placeOrder({
      lines,
      address,
      paymentMethod,
      total: deliveryFee === null ? undefined : total,
      deliverAt: time.deliverAt,
      buyer: buyer.buyer,
      couponCode: coupon.check?.valid ? coupon.check.code : undefined,
      whatsapp: whatsapp && updatesOnWhatsApp,
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-6">
        <DeliveryTimePicker time={time} />
        <PaymentMethodPicker methods={methods} value={paymentMethod} onChange={setPaymentMethod} />
        <BusinessBuyerFields value={business} onChange={setBusiness} errors={buyerErrors} />
        {whatsapp && <WhatsAppConsent checked={updatesOnWhatsApp} onChange={setUpdatesOnWhatsApp} />}
        <CheckoutCard
          id="delivery-address"
          title="Delivery address"
          action={
            <Link href="/checkout/address" className="text-sm font-semibold text-brand-800 underline">
              Change<span className="sr-only"> delivery address</span>
            </Link>
          }
        >
          <PostalAddress address={address} className="mt-2 text-sm" />
        </CheckoutCard>
      </div>

      <CheckoutCard id="order-summary" title="Order summary" className="h-fit">
        <OrderLines
          label="Items in your order"
          lines={lines.map((l) => ({
            key: l.cartId,
            name: l.name,
            portion: l.portion,
            unitPrice: l.price,
            quantity: l.quantity,
            lineTotal: l.price * l.quantity,
            options: l.options,
            note: l.note,
            diet: l.diet,
          }))}
        />
        <div className="mt-3">
          <Totals
            subtotal={subtotal}
            packaging={charges.packagingCharge}
            deliveryFee={deliveryFee}
            discount={coupon.code ? { amount: coupon.discount, code: coupon.code.toUpperCase() } : null}
            total={total}
            area={area && isNamedArea(area) ? area.name : null}
            inclGst={charges.inclGst}
          />
        </div>
        <CouponField coupon={coupon} />
        {blocked && (
          <div id={blockedId} className="mt-4">
            <Alert tone="warning">
              <p>{blocked}</p>
              <p className="mt-1">
                <Link href={delivery.notDelivering ? "/checkout/address" : "/menu"} className="font-semibold underline">
                  {delivery.notDelivering ? "Change the delivery address" : "Add more from the menu"}
                </Link>
              </p>
            </Alert>
          </div>
        )}
        <PlaceOrderAlert unready={unready} failure={failure} />
        <PolicyNote />
        <Button
          className="mt-2 w-full"
          onClick={onPlace}
          disabled={placing || blocked !== null}
          aria-describedby={placing ? placingId : blocked ? blockedId : undefined}
        >
          Place Order
        </Button>
        {placing && (
          <p id={placingId} role="status" className="mt-2 text-center text-sm text-stone-600">
            Placing your order…
          </p>
        )}
        <Link href="/cart" className={buttonClass("ghost", "mt-2 w-full")}>
          Back to cart
        </Link>
      </CheckoutCard>
    </div>
  );
}
