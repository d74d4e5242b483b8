/** The seed's rule: the non-empty name parts joined by single spaces. (No zod here: the register form needs it at once.) */
export function joinNameParts(...parts: (string | undefined)[]): string {
  return parts
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(" ");
}
