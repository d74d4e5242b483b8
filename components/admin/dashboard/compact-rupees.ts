// "₹1.2K", "₹3.4L": the Indian short forms (thousand, lakh), for an axis where ₹1,23,456 would not fit.
const compact = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

export const compactRupees = (amount: number) => compact.format(amount);
