"use client";

import { useState } from "react";
import { useForm, type FieldValues, type Path, type UseFormProps } from "react-hook-form";
import { settle, withoutFieldPrefix, type ApiError } from "@/lib/client/api-client";
import { prefilled } from "@/components/ui/prefilled";

/**
 * A form checked with the API's own schema: react-hook-form, its fields prefilled in the server's
 * HTML, and what the server refused shown where the user can act on it — at its field when the
 * form has that field (focused, so a keyboard user lands there), else as the form's own error.
 */
export function useApiForm<In extends FieldValues, Out = In>(options: UseFormProps<In, unknown, Out>, fields: readonly Path<In>[]) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<In, unknown, Out>(options);
  const { field } = prefilled(form.register, form.getValues);
  const { setError, setFocus } = form;

  function refused({ field: name, message }: ApiError) {
    const at = fields.find((f) => f === name);
    if (at) {
      setError(at, { type: "server", message: withoutFieldPrefix(message) });
      setFocus(at);
    } else {
      setFormError(message);
    }
  }

  /** The submit handler: once the schema passes, the call is made; what the server refuses lands as above. */
  function sendWith<T>(send: (values: Out) => Promise<T>, sent: (data: T, values: Out) => void) {
    return form.handleSubmit(async (values) => {
      setFormError(null);
      const reply = await settle(send(values));
      if (reply.ok) sent(reply.data, values);
      else refused(reply.error);
    });
  }

  return { ...form, field, formError, sendWith };
}
