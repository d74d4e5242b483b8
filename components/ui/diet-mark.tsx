import type { Diet } from "@/lib/menu/facts";

// The Indian food-labelling mark (product.md §8): a green square with a green dot for veg, a
// brown square with a brown triangle for non-veg. No client code: it renders the same anywhere.

const MARKS = {
  veg: { label: "Vegetarian", color: "#15803d" },
  "non-veg": { label: "Non-vegetarian", color: "#7c3a12" },
} as const;

/** The diet mark with its text alternative; `className` sizes it (1em square by default). */
export function DietMark({ diet, className = "h-4 w-4" }: { diet: Diet; className?: string }) {
  const { label, color } = MARKS[diet];
  return (
    <svg role="img" aria-label={label} viewBox="0 0 16 16" className={`inline-block shrink-0 ${className}`} data-diet={diet}>
      <rect x="1" y="1" width="14" height="14" rx="1.5" fill="#fff" stroke={color} strokeWidth="1.6" />
      {diet === "veg" ? <circle cx="8" cy="8" r="3.6" fill={color} /> : <path d="M8 4.2 12.2 11.6H3.8Z" fill={color} />}
    </svg>
  );
}
