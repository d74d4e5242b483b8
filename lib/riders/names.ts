// How the customer's pages name a rider (client-safe, pure).

/** The first word of the rider's name ("Ravi Kumar" → "Ravi"); the whole name when it has one word. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** A `tel:` link for a phone as typed (+91 98450 12345 → tel:+919845012345). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
