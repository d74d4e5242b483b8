const STEPS = [
  { key: "cart", label: "Cart" },
  { key: "address", label: "Address" },
  { key: "payment", label: "Payment" },
] as const;

/** Where the customer is in the checkout. */
export function CheckoutSteps({ current }: { current: (typeof STEPS)[number]["key"] }) {
  const at = STEPS.findIndex((s) => s.key === current);
  return (
    <nav aria-label="Checkout progress" className="mb-4">
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {STEPS.map((step, i) => (
          <li key={step.key} className="flex items-center gap-2" aria-current={i === at ? "step" : undefined}>
            <span
              aria-hidden="true"
              className={`inline-flex h-6 w-6 items-center justify-center rounded-full text-xs font-bold ${
                i <= at ? "bg-brand-700 text-white" : "bg-stone-200 text-stone-600"
              }`}
            >
              {i + 1}
            </span>
            <span className={i === at ? "font-semibold" : "text-stone-600"}>{step.label}</span>
            {i < STEPS.length - 1 && (
              <span aria-hidden="true" className="text-stone-400">
                ›
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
