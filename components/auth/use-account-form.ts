import { useRef, useState, type FormEvent } from "react";
import type { z } from "zod";

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * The account forms' state: a few uncontrolled inputs (found by `name`, so text typed or
 * autofilled before the page's script ran is kept), checked with the zod schema the route
 * handler uses (lib/auth/schema.ts). It behaves as react-hook-form did with a zod resolver:
 * errors appear on submit (the first field with one gets the focus), then each field is
 * checked again as it changes; the first message per field is shown.
 *
 * The schema is loaded when the form is first focused, not with the page: zod is ~30 kB of
 * compressed script however little of it a form uses (Turbopack keeps all of it), and the
 * page needs none of it until someone types. Should it fail to load, the form sends what
 * was typed and the server, which checks the same schema, answers with the same messages.
 */
export function useAccountForm<S extends z.ZodType<object>, F extends string>(loadSchema: () => Promise<S>, fields: readonly F[]) {
  const ref = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const busy = useRef(false);
  const schema = useRef<S | null>(null);
  const loading = useRef<Promise<S | null> | null>(null);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  function load(): Promise<S | null> {
    loading.current ??= loadSchema().then(
      (loaded) => (schema.current = loaded),
      () => {
        loading.current = null; // try again next time
        return null;
      },
    );
    return loading.current;
  }

  function input(field: F): HTMLInputElement | null {
    const element = ref.current?.elements.namedItem(field);
    return element instanceof HTMLInputElement ? element : null;
  }

  function getValue(field: F): string {
    return input(field)?.value ?? "";
  }

  function validate(): { ok: true; data: z.output<S> } | { ok: false; errors: Errors<F> } {
    const values = Object.fromEntries(fields.map((f) => [f, getValue(f)]));
    // Without the schema (it could not be loaded) the server's check is the one that counts.
    if (!schema.current) return { ok: true, data: values as z.output<S> };
    const result = schema.current.safeParse(values);
    if (result.success) return { ok: true, data: result.data };
    const found: Errors<F> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join(".") as F;
      if (fields.includes(field) && found[field] === undefined) found[field] = issue.message;
    }
    return { ok: false, errors: found };
  }

  /** After the first submit, re-checks the field that changed (its error appears or clears). */
  function onChange(event: FormEvent<HTMLFormElement>) {
    const field = (event.target as HTMLInputElement).name as F;
    if (!submitted.current || !schema.current || !fields.includes(field)) return;
    const outcome = validate();
    const message = outcome.ok ? undefined : outcome.errors[field];
    setErrors((prev) => {
      if (prev[field] === message) return prev;
      const next = { ...prev };
      if (message === undefined) delete next[field];
      else next[field] = message;
      return next;
    });
  }

  function handleSubmit(onValid: (data: z.output<S>) => Promise<void> | void) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return; // a second click while the schema loads
      busy.current = true;
      submitted.current = true;
      // Busy from the click on, as react-hook-form was (it counted validation as submitting).
      setSubmitting(true);
      try {
        await load();
        const outcome = validate();
        if (!outcome.ok) {
          setErrors(outcome.errors);
          const first = fields.find((f) => outcome.errors[f] !== undefined);
          if (first) input(first)?.focus();
          return;
        }
        setErrors({});
        await onValid(outcome.data);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    };
  }

  /** Shows a message the server gave for one field. */
  function setError(field: F, message: string) {
    setErrors((prev) => ({ ...prev, [field]: message }));
  }

  /** Starts loading the schema as soon as someone is about to use the form. */
  function onFocus() {
    void load();
  }

  /**
   * Everything the <form> element needs. method="post": a submit before the script has loaded
   * must not put the password in the URL.
   */
  function formProps(onValid: (data: z.output<S>) => Promise<void> | void) {
    return { ref, method: "post", noValidate: true, onFocus, onChange, onSubmit: handleSubmit(onValid) } as const;
  }

  return { errors, isSubmitting, getValue, formProps, setError };
}
