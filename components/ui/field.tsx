import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Rendered inside the input's box, on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
};

/** An error, announced to screen readers at once (role="alert"); nothing while there is none. */
export function ErrorText({ id, className = "text-sm text-red-700", children }: { id?: string; className?: string; children?: string }) {
  return children ? (
    <p id={id} role="alert" className={className}>
      {children}
    </p>
  ) : null;
}

/** A labelled input with its error announced to screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, trailing, id, className = "", required, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
        {label}
        {required === false ? <span className="font-normal text-stone-500"> (optional)</span> : null}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ${
            error ? "border-red-600" : "border-stone-300"
          } ${trailing ? "pr-20" : ""}`}
          {...props}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <ErrorText id={errorId}>{error}</ErrorText>
    </div>
  );
});
