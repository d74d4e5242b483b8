// Money is whole rupees, integers only.

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** ₹1,234 in the Indian grouping style. */
export function formatRupees(amount: number): string {
  return inr.format(amount);
}

export function assertRupees(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not a whole rupee amount: ${amount}`);
  return amount;
}

export function lineTotal(unitPrice: number, quantity: number): number {
  return assertRupees(unitPrice) * assertRupees(quantity);
}

export function sum(amounts: number[]): number {
  return amounts.reduce((total, a) => total + assertRupees(a), 0);
}
