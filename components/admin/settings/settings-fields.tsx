"use client";

import { Children, type ComponentProps, type FormEventHandler, type ReactNode } from "react";
import { FormProvider, get, useFormContext, type FieldPath, type FieldValues, type UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { FormControls } from "@/components/ui/form-controls";
import { Panel } from "@/components/ui/panel";
import { prefilled } from "@/components/ui/prefilled";

// The settings forms' repeated markup, written once: a section of a form (a fieldset headed by
// its legend), and a text field bound by name to the form around it: prefilled in the server's
// HTML (prefilled.ts), its error the form's at that name.

/**
 * A section of a settings form, headed by `legend`. Its children stand beside the legend as if
 * written there (one list), so the ids React makes for the fields inside stay as they were.
 */
export function SettingsSection({ legend, children }: { legend: string; children: ReactNode }) {
  const heading = (
    <legend key="legend" className="text-base font-semibold text-stone-900">
      {legend}
    </legend>
  );
  return <fieldset className="min-w-0 space-y-3">{[heading, ...Children.toArray(children)]}</fieldset>;
}

type BoundFieldProps<V extends FieldValues> = Omit<ComponentProps<typeof Field>, "name" | "error" | "defaultValue" | "ref"> & {
  name: FieldPath<V>;
  /** Shown when the form has no error at `name` itself (e.g. one about the group it belongs to). */
  fallbackError?: string;
};

/** The form around: its fields registered and prefilled (`field`, `choice`), and its errors. */
export function usePrefilledForm<V extends FieldValues>() {
  const { register, getValues, formState } = useFormContext<V>();
  return { ...prefilled(register, getValues), errors: formState.errors };
}

/** components/ui/field.tsx's input for the form value at `name`, with the form's error there. */
export function BoundField<V extends FieldValues>({ name, fallbackError, ...props }: BoundFieldProps<V>) {
  const { field, errors } = usePrefilledForm<V>();
  const error: { message?: string } | undefined = get(errors, name);
  return <Field {...props} error={error?.message ?? fallbackError} {...field(name)} />;
}

type PanelProps<V extends FieldValues, P> = {
  /** The heading's id (made by the form, so the ids inside stay as they were). */
  headingId: string;
  title: string;
  intro: ReactNode;
  form: UseFormReturn<V, unknown, P>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The space between the form's parts. */
  spacing: string;
  children: ReactNode;
};

/** A settings form in its panel: headed by `title` and `intro`, its controls disabled until the page has hydrated. */
export function SettingsFormPanel<V extends FieldValues, P>({
  headingId,
  title,
  intro,
  form,
  onSubmit,
  spacing,
  children,
}: PanelProps<V, P>) {
  return (
    <Panel aria-labelledby={headingId} padding="lg">
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{intro}</p>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="mt-4">
          <FormControls className={spacing}>{children}</FormControls>
        </form>
      </FormProvider>
    </Panel>
  );
}
