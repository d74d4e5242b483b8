// Which image URLs the shop puts into <Image>: pure and free of zod, so the cart (in every page's
// header) can check the images it saved without shipping the schema library to the browser.

import { isSameSitePath } from "@/lib/auth/routes";
import { hasControlCharacter } from "@/lib/text";

export const PLACEHOLDER_IMAGE = "/images/placeholder-salad.svg";

/**
 * Admin image URLs: `https:` or a path on this site (isSameSitePath); spaces, backslashes
 * and control characters are refused, having no business in either form.
 */
export function isAllowedImageUrl(value: string): boolean {
  if (/[\s\\]/.test(value) || hasControlCharacter(value)) return false;
  if (value.startsWith("/")) return isSameSitePath(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}
