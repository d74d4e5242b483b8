"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import type { OrderStatus } from "@/lib/orders/status";
import { ApiError, messageOf } from "@/lib/client/api-client";
import { SITE } from "@/lib/site";
import { riderCalls } from "@/components/riders/rider-calls";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";

// The thumb-size steps at the foot of a rider's order card (product.md §12): `Picked up`, then
// `Delivered` with the 4-digit code the customer gives. A wrong code is told in the server's
// words; once the order takes no more codes the rider is sent to the kitchen's phone.

const BIG = "min-h-14 w-full text-lg";

function Locked() {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
      This order is locked after too many wrong codes. Call the kitchen on{" "}
      <a href={`tel:${SITE.phone.tel}`} className="underline">
        {SITE.phone.display}
      </a>{" "}
      to mark it delivered.
    </p>
  );
}

function HandoverForm({ orderId, code }: { orderId: string; code: string }) {
  const router = useRouter();
  const [digits, setDigits] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [locked, setLocked] = useState(false);
  const inputId = `handover-${orderId}`;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await riderCalls.handOver(orderId, digits);
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError && e.status === 429) setLocked(true);
      else setError(messageOf(e, "Could not record the delivery. Please try again."));
      setBusy(false);
    }
  }

  if (locked) return <Locked />;
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={inputId} className="block text-base font-semibold">
        Customer&apos;s 4-digit code for #{code}
      </label>
      <input
        id={inputId}
        // Digits only, on the phone's number pad; the server checks them again.
        inputMode="numeric"
        pattern="[0-9]{4}"
        maxLength={4}
        autoComplete="off"
        required
        autoFocus
        value={digits}
        onChange={(e) => setDigits(e.target.value.replace(/\D/g, ""))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className="min-h-14 w-full rounded-lg border-2 border-stone-400 px-3 text-center text-3xl font-bold tracking-[0.4em] tabular-nums"
      />
      <ErrorText id={`${inputId}-error`}>{error}</ErrorText>
      <Button type="submit" size="lg" className={BIG} disabled={busy}>
        Confirm delivery<span className="sr-only"> of #{code}</span>
      </Button>
    </form>
  );
}

export function OrderSteps({ orderId, code, status }: { orderId: string; code: string; status: OrderStatus }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();

  async function pickUp() {
    setBusy(true);
    setError(undefined);
    try {
      await riderCalls.pickUp(orderId);
      router.refresh();
    } catch (e) {
      setError(messageOf(e, "Could not record the pickup. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  if (status === "out_for_delivery") {
    return asking ? (
      <HandoverForm orderId={orderId} code={code} />
    ) : (
      <Button size="lg" className={BIG} onClick={() => setAsking(true)}>
        Delivered<span className="sr-only"> #{code}</span>
      </Button>
    );
  }
  if (status !== "confirmed" && status !== "preparing") return null;
  return (
    <div className="space-y-2">
      <Button size="lg" className={BIG} disabled={busy} onClick={() => void pickUp()}>
        Picked up<span className="sr-only"> #{code}</span>
      </Button>
      <ErrorText>{error}</ErrorText>
    </div>
  );
}
