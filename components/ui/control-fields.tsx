import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

// A labelled text area and select, as components/ui/field.tsx's input: a visible label ("(optional)"
// after it when `required` is false), the hint and the error tied to the control, the error announced.

type Described = { label: string; error?: string; hint?: ReactNode; required?: boolean };

const controlClass = (error?: string) =>
  `w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ${
    error ? "border-red-600" : "border-stone-300"
  }`;

/** The id, description and look a control shares with its label, hint and error. */
function useControl(id: string | undefined, error?: string, hint?: ReactNode) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy = [error ? `${controlId}-error` : null, hint ? `${controlId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return {
    id: controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: controlClass(error),
  } as const;
}

function Parts({ controlId, label, error, hint, required, children }: Described & { controlId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={controlId} className="text-sm font-medium text-stone-800">
        {label}
        {required === false ? <span className="font-normal text-stone-500"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${controlId}-hint`} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, Described & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, hint, id, required, ...props }, ref) {
    const control = useControl(id, error, hint);
    return (
      <Parts controlId={control.id} label={label} error={error} hint={hint} required={required}>
        <textarea ref={ref} required={required} {...control} {...props} />
      </Parts>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, Described & SelectHTMLAttributes<HTMLSelectElement>>(function SelectField(
  { label, error, hint, id, required, children, ...props },
  ref,
) {
  const control = useControl(id, error, hint);
  return (
    <Parts controlId={control.id} label={label} error={error} hint={hint} required={required}>
      <select ref={ref} required={required} {...control} {...props}>
        {children}
      </select>
    </Parts>
  );
});
