import type { ComponentProps, ReactNode } from "react";
import { ADDRESS_LABELS, type Address } from "@/lib/orders/schema";
import { INDIAN_STATES } from "@/lib/billing/states";
import { ErrorText, Field } from "@/components/ui/field";

// The address fields of product.md §3 (Name, Phone, Street, City, State, PIN code), shared by the
// checkout's address step and the address book, so both ask for an address the same way.

const AUTOCOMPLETE: Record<keyof Address, string> = {
  name: "name",
  phone: "tel",
  street: "street-address",
  city: "address-level2",
  state: "address-level1",
  zip: "postal-code",
};

type Registered = Omit<ComponentProps<"input">, "ref"> & { ref?: unknown };

type Props = {
  /** The form's register (prefilled), for one of the address fields. */
  registered: (name: keyof Address) => Registered;
  errors: Partial<Record<keyof Address, string | undefined>>;
  /** Tells the fields of two forms on one page apart. */
  idPrefix: string;
  /** Below the PIN code: the delivery answer at checkout, the format elsewhere. */
  pinHint?: ReactNode;
};

export function AddressInputs({ registered, errors, idPrefix, pinHint = "6 digits" }: Props) {
  const field = (name: keyof Address, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field
      id={`${idPrefix}-${name}`}
      label={ADDRESS_LABELS[name]}
      required
      autoComplete={AUTOCOMPLETE[name]}
      error={errors[name]}
      {...extra}
      {...(registered(name) as Partial<ComponentProps<typeof Field>>)}
    />
  );
  const stateId = `${idPrefix}-state`;
  return (
    <>
      {field("name", { maxLength: 100 })}
      {field("phone", { type: "tel", inputMode: "tel", maxLength: 20, hint: "10 digits, optionally starting with +91" })}
      {field("street", { className: "sm:col-span-2", maxLength: 200 })}
      {field("city", { maxLength: 100 })}
      <div className="flex flex-col gap-1">
        <label htmlFor={stateId} className="text-sm font-medium text-stone-800">
          {ADDRESS_LABELS.state}
        </label>
        <select
          id={stateId}
          required
          aria-required
          autoComplete={AUTOCOMPLETE.state}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={errors.state ? `${stateId}-error` : undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 ${
            errors.state ? "border-red-600" : "border-stone-300"
          }`}
          {...(registered("state") as ComponentProps<"select">)}
        >
          <option value="">Choose a state</option>
          {INDIAN_STATES.map((s) => (
            <option key={s.code} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
        <ErrorText id={`${stateId}-error`}>{errors.state}</ErrorText>
      </div>
      {field("zip", { inputMode: "numeric", maxLength: 7, hint: pinHint })}
    </>
  );
}
