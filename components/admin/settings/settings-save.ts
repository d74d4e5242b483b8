"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { apiFetch, settle, type ApiError } from "@/lib/client/api-client";
import { toast } from "@/components/ui/toast";

// What every settings form does with its PUT, written once: a saved reply is toasted, becomes the
// form's new starting point and refreshes the page around it (its state follows); a refusal is
// toasted and shown at the field it names (focused), or above the buttons when it names none.

/** Where a refusal belongs in the form: `path` (none: above the buttons), with `message`, focusing `focus`. */
type RefusalPlace<V extends FieldValues> = { path?: Path<V>; message: string; focus?: Path<V> };

type Save<V extends FieldValues, P, R> = {
  /** The API's path, sent PUT with `body(values)`. */
  url: string;
  body: (values: P) => unknown;
  /** The toast for a saved reply, and the form's values from it. */
  saved: (data: R) => { message: string; values: V };
  /** Where the refusal goes. */
  placeOf: (error: ApiError) => RefusalPlace<V>;
};

export function useSettingsSave<V extends FieldValues, P, R>(form: UseFormReturn<V, unknown, P>, save: Save<V, P, R>) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSavedOnce(false);
    const reply = await settle(apiFetch<R>("PUT", save.url, save.body(values)));
    if (reply.ok) {
      const { message, values: next } = save.saved(reply.data);
      setSavedOnce(true);
      toast.success(message);
      form.reset(next);
      router.refresh();
      return;
    }
    const { message } = reply.error;
    const place = save.placeOf(reply.error);
    if (place.path) {
      form.setError(place.path, { type: "server", message: place.message });
      if (place.focus) form.setFocus(place.focus);
    } else {
      setFormError(message);
    }
    toast.error(message);
  });
  return { onSubmit, formError, saved: savedOnce };
}
