import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "danger" | "ghost";
/** xs: a text-sized action inside a table cell; sm: a row's buttons; md: forms; lg: the home page's calls to action. */
type Size = "xs" | "sm" | "md" | "lg";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60",
  secondary: "border border-stone-300 bg-white text-stone-900 hover:bg-stone-100",
  danger: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-stone-800 hover:bg-stone-100",
};

const sizes: Record<Size, string> = {
  xs: "px-2 py-1 text-xs",
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-6 py-3 text-base",
};

type Look = Variant | { variant?: Variant; size?: Size };

/**
 * The button look, for a <button> or a link that acts as one. `extra` is for layout only
 * (width, margin); the size is a variant so every small button is the same small.
 */
export function buttonClass(look: Look = "primary", extra = "") {
  const { variant = "primary", size = "md" } = typeof look === "string" ? { variant: look } : look;
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 ${sizes[size]} ${variants[variant]} ${extra}`;
}

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size }) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}
