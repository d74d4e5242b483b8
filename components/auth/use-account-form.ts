import { useRef } from "react";
import { useForm, type FieldValues, type Path, type Resolver } from "react-hook-form";
import type { z } from "zod";

type Errors<F extends string> = Partial<Record<F, string>>;
type Loaded<V extends FieldValues, O extends FieldValues> = {
  schema: z.ZodType<O, V>;
  zodResolver: typeof import("@hookform/resolvers/zod").zodResolver;
};

/**
 * The account forms' react-hook-form setup: uncontrolled inputs (registered by `name` with no
 * default value, so text typed or autofilled before the page's script ran is kept), checked with
 * the zod schema the route handler uses (lib/auth/schema.ts). Errors appear on submit (the first
 * field with one gets the focus), then each field is checked again as it changes.
 *
 * The schema and its resolver are loaded when the form is first focused, not with the page: zod
 * is a large share of a small page's script, and the page needs none of it until someone types.
 * Should they fail to load, the form sends what was typed and the server, which checks the same
 * schema, answers with the same messages.
 */
export function useAccountForm<V extends FieldValues, O extends FieldValues, F extends string & Path<V>>(
  loadSchema: () => Promise<z.ZodType<O, V>>,
  fields: readonly F[],
) {
  const loading = useRef<Promise<Loaded<V, O> | null> | null>(null);

  function load(): Promise<Loaded<V, O> | null> {
    loading.current ??= Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => ({ schema, zodResolver }),
      () => {
        loading.current = null; // try again next time
        return null;
      },
    );
    return loading.current;
  }

  const resolver: Resolver<V, unknown, O> = async (values, context, options) => {
    const loaded = await load();
    // Without the schema (it could not be loaded) the server's check is the one that counts.
    if (!loaded) return { values: values as unknown as O, errors: {} };
    return loaded.zodResolver(loaded.schema)(values, context, options);
  };

  const form = useForm<V, unknown, O>({ resolver });
  const { formState } = form;

  const errors: Errors<F> = {};
  for (const field of fields) {
    const message = (formState.errors as Partial<Record<string, { message?: string }>>)[field]?.message;
    if (message !== undefined) errors[field] = message;
  }

  /**
   * Everything the <form> element needs. method="post": a submit before the script has loaded
   * must not put the password in the URL.
   */
  function formProps(onValid: (data: O) => Promise<void> | void) {
    return { method: "post", noValidate: true, onFocus: () => void load(), onSubmit: form.handleSubmit(onValid) } as const;
  }

  return {
    errors,
    isSubmitting: formState.isSubmitting,
    /** The props that register one input with the form (its `name`, `ref` and change handlers). */
    field: (name: F) => form.register(name),
    getValue: (name: F): string => String(form.getValues(name) ?? ""),
    formProps,
    /** Shows a message the server gave for one field. */
    setError: (name: F, message: string) => form.setError(name, { message }),
  };
}
