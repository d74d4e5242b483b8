import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  /** The visible label, e.g. "Sold out". */
  label: ReactNode;
  /** Read before the label by screen readers only, e.g. "Choice 3": the row's other inputs say it aloud, this one's box is small. */
  context?: string;
  error?: string;
};

/** A labelled checkbox with its error beside it, announced to screen readers. */
export const CheckboxField = forwardRef<HTMLInputElement, Props>(function CheckboxField(
  { label, context, error, className = "", ...props },
  ref,
) {
  const id = useId();
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-5 w-5 shrink-0 accent-brand-700"
          {...props}
        />
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {context ? <span className="sr-only">{context} </span> : null}
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});
