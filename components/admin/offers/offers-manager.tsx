"use client";

import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { apiFetch, messageOf, settle } from "@/lib/client/api-client";
import { formatRupees } from "@/lib/money";
import { formatIndiaDateTime } from "@/lib/time";
import type { ApiOffer } from "@/lib/offers/types";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";
import { toast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { OfferForm } from "@/components/admin/offers/offer-form";

/** When an offer may be used, in words. */
function validity(offer: ApiOffer): string {
  if (!offer.validFrom && !offer.validTo) return "Always";
  if (!offer.validTo) return `From ${formatIndiaDateTime(offer.validFrom!)}`;
  if (!offer.validFrom) return `Until ${formatIndiaDateTime(offer.validTo)}`;
  return `${formatIndiaDateTime(offer.validFrom)} to ${formatIndiaDateTime(offer.validTo)}`;
}

/** Who may use it and how often, in words. */
function limits(offer: ApiOffer): string {
  return [
    offer.firstOrderOnly ? "first order only" : null,
    offer.onlineOnly ? "paid online only" : null,
    `${offer.perCustomer} per customer`,
    offer.totalUses === null ? "unlimited uses" : `${offer.used} of ${offer.totalUses} used`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * /admin/offers: the form (new, or the offer being edited) and the offers as cards, each with Edit
 * and Deactivate (DELETE /api/offers/{id}, after a confirmation). Cards, not a table: they read
 * the same on a phone.
 */
export function OffersManager({ offers }: { offers: ApiOffer[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<ApiOffer | null>(null);
  const [ending, setEnding] = useState<ApiOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  async function deactivate(offer: ApiOffer) {
    setBusy(true);
    const reply = await settle(apiFetch("DELETE", `/api/offers/${encodeURIComponent(offer.id)}`));
    setBusy(false);
    setEnding(null);
    if (reply.ok) {
      toast.success(`Offer ${offer.code} deactivated`);
      router.refresh();
    } else {
      toast.error(messageOf(reply.error, "Could not deactivate the offer. Please try again."));
    }
  }

  return (
    <div className="space-y-4">
      <Panel>
        <div ref={formRef}>
          <OfferForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
        </div>
      </Panel>
      <h2 className="text-lg font-bold">Offers</h2>
      {offers.length === 0 ? <p className="text-sm text-stone-700">No offers yet.</p> : null}
      <ul aria-label="Offers, newest first" className="space-y-3">
        {offers.map((offer) => (
          <Panel as="li" key={offer.id} className={offer.active ? "" : "bg-stone-50"}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-mono text-lg font-bold break-all">{offer.code}</p>
                <p className="text-sm">{offer.description}</p>
                <p className="text-sm text-stone-700">{validity(offer)}</p>
                <p className="text-sm text-stone-700">{limits(offer)}</p>
                {offer.minSubtotal > 0 ? <p className="sr-only">Minimum subtotal {formatRupees(offer.minSubtotal)}</p> : null}
                <p className="text-sm font-semibold">{offer.active ? "Active" : "Inactive"}</p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Edit ${offer.code}`}
                  onClick={() => {
                    setEditing(offer);
                    formRef.current?.scrollIntoView({ block: "start" });
                    formRef.current?.querySelector("input")?.focus();
                  }}
                >
                  Edit
                </Button>
                {offer.active ? (
                  <Button size="sm" variant="danger" aria-label={`Deactivate ${offer.code}`} onClick={() => setEnding(offer)}>
                    Deactivate
                  </Button>
                ) : null}
              </div>
            </div>
          </Panel>
        ))}
      </ul>
      <ConfirmDialog
        open={ending !== null}
        title={`Deactivate ${ending?.code ?? ""}?`}
        confirmLabel="Deactivate"
        busy={busy}
        onConfirm={() => ending && void deactivate(ending)}
        onCancel={() => setEnding(null)}
      >
        Customers can no longer use this code. Orders already placed keep their discount; you can turn it on again by editing it.
      </ConfirmDialog>
    </div>
  );
}
