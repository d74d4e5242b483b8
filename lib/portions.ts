export const PORTIONS = [
  { key: "small", label: "Small", grams: 250 },
  { key: "medium", label: "Medium", grams: 350 },
  { key: "large", label: "Large", grams: 400 },
] as const;

export type PortionKey = (typeof PORTIONS)[number]["key"];

export const PORTION_KEYS = PORTIONS.map((p) => p.key) as [PortionKey, ...PortionKey[]];

export function portionLabel(key: PortionKey): string {
  const p = PORTIONS.find((x) => x.key === key)!;
  return `${p.label} ${p.grams}g`;
}

export type Prices = { small: number; medium: number; large: number };
