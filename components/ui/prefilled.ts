import type { FieldPath, FieldValues, RegisterOptions, UseFormGetValues, UseFormRegister, UseFormRegisterReturn } from "react-hook-form";

type Prefill = { defaultValue?: string | number; defaultChecked?: boolean };

/**
 * register() that also puts the field's value in the server's HTML. register() alone fills the
 * inputs once the page has hydrated, so forms came from the server blank: a slow phone showed
 * empty settings, and a box ticked before hydration read as unticked. A box (a boolean value) gets
 * defaultChecked, anything else its text as defaultValue; the form's own value still rules once
 * React runs.
 */
export function prefilled<T extends FieldValues>(register: UseFormRegister<T>, getValues: UseFormGetValues<T>) {
  function field<N extends FieldPath<T>>(name: N, options?: RegisterOptions<T, N>): UseFormRegisterReturn<N> & Prefill {
    return { ...register(name, options), ...prefillOf(getValues(name)) };
  }
  /** One of the radios (or boxes) sharing a name: ticked when its value is the form's, or among them. */
  function choice<N extends FieldPath<T>>(name: N, value: string): UseFormRegisterReturn<N> & Prefill & { value: string } {
    const current: unknown = getValues(name);
    const ticked = Array.isArray(current) ? current.includes(value) : current === value;
    return { ...register(name), value, defaultChecked: ticked };
  }
  return { field, choice };
}

function prefillOf(value: unknown): Prefill {
  if (typeof value === "boolean") return { defaultChecked: value };
  if (typeof value === "string") return { defaultValue: value };
  if (typeof value === "number" && Number.isFinite(value)) return { defaultValue: value };
  return {};
}
