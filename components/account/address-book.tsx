"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { settle } from "@/lib/client/api-client";
import { addressLine, MAX_SAVED_ADDRESSES, type SavedAddress } from "@/lib/addresses/types";
import { toast } from "@/components/ui/toast";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";
import { AddressEntryForm } from "@/components/account/address-entry-form";
import { addressCalls } from "@/components/account/address-calls";

type Props = { book: SavedAddress[] };

/** Editing: one address's id, "new" for the add form, null for none. */
type Editing = string | "new" | null;

/**
 * /account/addresses (product.md §13): the saved addresses, the default first, each with Edit,
 * Make default and Delete (which asks first); Add an address while fewer than the most allowed.
 * After each change the page reads the book again from the server, which decides the default.
 */
export function AddressBook({ book }: Props) {
  const router = useRouter();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = book.length >= MAX_SAVED_ADDRESSES;

  const done = (message: string) => {
    setEditing(null);
    setDeleting(null);
    setError(null);
    toast.success(message);
    router.refresh();
  };

  const act = async (call: Promise<unknown>, message: string) => {
    setBusy(true);
    const reply = await settle(call);
    setBusy(false);
    if (reply.ok) done(message);
    else setError(reply.error.message);
  };

  return (
    <div className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      {book.length === 0 ? (
        <p className="text-stone-700">You have no saved addresses yet. Add one here, or tick “Save this address” at checkout.</p>
      ) : (
        <ul className="space-y-3" aria-label="Saved addresses">
          {book.map((a) => (
            <Panel as="li" key={a.id} aria-labelledby={`address-${a.id}`}>
              {editing === a.id ? (
                <AddressEntryForm editing={a} onSaved={() => done("Address saved.")} onCancel={() => setEditing(null)} />
              ) : (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 break-words">
                    <h2 id={`address-${a.id}`} className="text-lg font-bold">
                      {a.label}
                      {a.isDefault && (
                        <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 align-middle text-xs font-semibold text-brand-800">
                          Default
                        </span>
                      )}
                    </h2>
                    <p className="text-stone-800">{a.name}</p>
                    <p className="text-stone-700">{addressLine(a)}</p>
                    <p className="text-stone-700">{a.phone}</p>
                  </div>
                  {deleting === a.id ? (
                    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Delete ${a.label}?`}>
                      <span className="text-sm font-medium">Delete this address?</span>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={busy}
                        onClick={() => void act(addressCalls.remove(a.id), "Address deleted.")}
                      >
                        Yes, delete
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setDeleting(null)}>
                        Keep it
                      </Button>
                    </div>
                  ) : (
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(a.id)}>
                        Edit<span className="sr-only"> {a.label}</span>
                      </Button>
                      {!a.isDefault && (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          onClick={() =>
                            void act(addressCalls.change(a.id, { isDefault: true }), `${a.label} is now your default address.`)
                          }
                        >
                          Make default<span className="sr-only"> {a.label}</span>
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(a.id)}>
                        Delete<span className="sr-only"> {a.label}</span>
                      </Button>
                    </div>
                  )}
                </div>
              )}
            </Panel>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-stone-700">You have saved {MAX_SAVED_ADDRESSES} addresses, the most you can keep. Delete one to add another.</p>
      ) : editing === "new" ? (
        <Panel padding="lg" aria-labelledby="add-address-heading">
          <h2 id="add-address-heading" className="mb-4 text-lg font-bold">
            Add an address
          </h2>
          <AddressEntryForm onSaved={() => done("Address saved.")} onCancel={() => setEditing(null)} />
        </Panel>
      ) : (
        <Button onClick={() => setEditing("new")}>Add an address</Button>
      )}
    </div>
  );
}
