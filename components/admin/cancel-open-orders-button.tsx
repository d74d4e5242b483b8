"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { api, settle } from "@/lib/client/api-client";

const orders = (n: number) => `${n} open ${n === 1 ? "order" : "orders"}`;

type Props = {
  userId: string;
  /** The account's name, as the dialog and the toast say it. */
  name: string;
  /** Open orders the page saw; nothing is offered at 0. */
  count: number;
  /** Where focus goes once the orders are cancelled (this button goes with them). */
  focusAfterId: string;
};

/**
 * "Cancel open orders" for one account, after a confirmation that says how many
 * (POST /api/users/{id}/cancel-open-orders; the server cancels whatever is open when it runs).
 */
export function CancelOpenOrdersButton({ userId, name, count, focusAfterId }: Props) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the dialog has closed (a modal dialog keeps it until then). */
  const focusAfterDialog = useRef<"button" | "page" | null>(null);

  useEffect(() => {
    // Runs after ConfirmDialog's own effect has closed the dialog in the same commit.
    const target = focusAfterDialog.current;
    if (asking || !target) return;
    focusAfterDialog.current = null;
    if (target === "button" && buttonRef.current) buttonRef.current.focus();
    else document.getElementById(focusAfterId)?.focus();
  }, [asking, focusAfterId]);

  if (count === 0) return null;

  async function confirm() {
    setBusy(true);
    const reply = await settle(api.cancelOpenOrders(userId));
    setBusy(false);
    if (reply.ok) {
      const { cancelled } = reply.data;
      toast.success(cancelled === 0 ? `${name} had no open orders left` : `Cancelled ${orders(cancelled)} of ${name}`);
    } else {
      toast.error(reply.error.message);
    }
    focusAfterDialog.current = reply.ok ? "page" : "button";
    setAsking(false);
    router.refresh();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass({ variant: "danger", size: "sm" }, "whitespace-nowrap")}
        onClick={() => setAsking(true)}
      >
        Cancel open orders<span className="sr-only"> of {name}</span>
      </button>
      {/* Mounted only while asking: a users page lists many accounts, most never asked about. */}
      {asking && (
        <ConfirmDialog
          open
          title={`Cancel ${orders(count)} of ${name}?`}
          confirmLabel={count === 1 ? "Cancel the order" : `Cancel ${count} orders`}
          cancelLabel="Keep them"
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => {
            focusAfterDialog.current = "button";
            setAsking(false);
          }}
        >
          <p>
            They are cancelled at once and {name} gets a mail for each. Orders already being prepared are not touched. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
