"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { apiFetch, settle, withoutFieldPrefix } from "@/lib/client/api-client";
import { RESOLUTION_MAX, resolveSchema } from "@/lib/complaints/schema";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/field";
import { FormControls } from "@/components/ui/form-controls";

/**
 * Resolving a ticket on /admin/complaints (PATCH /api/complaints/{id}) with what was done, checked
 * with the API's own schema; the customer is mailed it and the list is read again.
 */
export function ResolveForm({ complaintId, number }: { complaintId: string; number: string }) {
  const router = useRouter();
  const id = useId();
  const [resolution, setResolution] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = resolveSchema.safeParse({ status: "resolved", resolution });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      document.getElementById(`${id}-resolution`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const reply = await settle(apiFetch("PATCH", `/api/complaints/${encodeURIComponent(complaintId)}`, parsed.data));
    setBusy(false);
    if (reply.ok) {
      router.refresh();
      return;
    }
    setError(withoutFieldPrefix(reply.error.message));
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3" aria-label={`Resolve ${number}`}>
      <FormControls className="space-y-2">
        <label htmlFor={`${id}-resolution`} className="text-sm font-medium text-stone-800">
          Resolution for {number}
        </label>
        <textarea
          id={`${id}-resolution`}
          rows={3}
          required
          aria-required
          maxLength={RESOLUTION_MAX}
          value={resolution}
          onChange={(e) => setResolution(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ${
            error ? "border-red-600" : "border-stone-300"
          }`}
        />
        <ErrorText id={`${id}-error`}>{error ?? undefined}</ErrorText>
        <Button type="submit" size="sm" disabled={busy}>
          Resolve and mail the customer
        </Button>
      </FormControls>
    </form>
  );
}
