"use client";

import { forwardRef, useState, type ComponentProps } from "react";
import { Field } from "@/components/ui/field";

type PasswordFieldProps = Omit<ComponentProps<typeof Field>, "type" | "trailing">;

/** A labelled password input with a show/hide toggle (paste stays allowed, as ASVS asks). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      ref={ref}
      {...props}
      type={shown ? "text" : "password"}
      spellCheck={false}
      autoCapitalize="none"
      trailing={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? "Hide password" : "Show password"}
          aria-pressed={shown}
          className="rounded-md px-2 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
        >
          {shown ? "Hide" : "Show"}
        </button>
      }
    />
  );
});
