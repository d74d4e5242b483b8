import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import type { Failure } from "@/components/checkout/place-order-reply";

// The payment step's closing words: why the order was not placed, and what placing it accepts.

const PLACE_ORDER_FAILED = "Failed to place order. Please try again.";

/** Why "Place Order" did not place it: a slot still to choose (`unready`), or the server's refusal; nothing when neither. */
export function PlaceOrderAlert({ unready, failure }: { unready: string | null; failure: Failure | null }) {
  if (!unready && !failure) return null;
  return (
    <div className="mt-4">
      <Alert tone="error">
        {unready ? (
          <p className="font-semibold">{unready}</p>
        ) : (
          <>
            <p className="font-semibold">{PLACE_ORDER_FAILED}</p>
            {failure?.detail && <p className="mt-1">{failure.detail}</p>}
          </>
        )}
      </Alert>
    </div>
  );
}

/** What placing an order accepts, with the way to the shop's policies. */
export function PolicyNote() {
  return (
    <p className="mt-4 text-xs text-stone-600">
      By placing this order you accept our{" "}
      <Link href="/policies" className="font-semibold text-brand-800 underline">
        cancellation, refund and payment policies
      </Link>
      .
    </p>
  );
}
