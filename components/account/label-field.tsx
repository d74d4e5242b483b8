import type { ComponentProps } from "react";
import { LABEL_MAX, LABEL_SUGGESTIONS } from "@/lib/addresses/schema";
import { Field } from "@/components/ui/field";

/** A saved address's label: Home and Work suggested, any other name typed. */
export function LabelField({
  idPrefix,
  ...props
}: { idPrefix: string } & Omit<ComponentProps<typeof Field>, "label" | "id" | "list" | "maxLength" | "hint">) {
  const listId = `${idPrefix}-label-suggestions`;
  return (
    <>
      <Field
        id={`${idPrefix}-label`}
        label="Label"
        maxLength={LABEL_MAX}
        list={listId}
        hint={`Home, Work or any name up to ${LABEL_MAX} characters`}
        {...props}
      />
      <datalist id={listId}>
        {LABEL_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </>
  );
}
