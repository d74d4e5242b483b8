import type { Role } from "@/lib/auth/types";

// The header's "am I signed in?" hint. Public pages are the same cached HTML for everyone, so
// the header cannot be rendered per person on the server. A small cookie that scripts may read
// tells the page which account links to show before first paint. It is only a display hint:
// it carries no identity, and every page and API route still checks the real session.

export const ACCOUNT_HINT_COOKIE = "fb-account";

/** The signed-in account's role, or no cookie when signed out. */
export type AccountHint = Role;

function isAccountHint(value: string | null | undefined): value is AccountHint {
  return value === "user" || value === "admin";
}

/** The hint in a `document.cookie` string, or null when signed out. */
export function accountHintIn(cookieHeader: string): AccountHint | null {
  const match = cookieHeader.match(new RegExp(`(?:^|;\\s*)${ACCOUNT_HINT_COOKIE}=([^;]*)`));
  const value = match?.[1];
  return isAccountHint(value) ? value : null;
}

/**
 * Runs inline before the header is painted: marks <html data-account="user|admin"> so CSS shows
 * the right links with no flash and no layout shift. Kept tiny and dependency-free on purpose.
 */
export const ACCOUNT_HINT_SCRIPT = `try{var m=document.cookie.match(/(?:^|;\\s*)${ACCOUNT_HINT_COOKIE}=(user|admin)(?:;|$)/);if(m)document.documentElement.dataset.account=m[1]}catch(e){}`;
