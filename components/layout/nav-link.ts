/** The header's text links (Home, Menu, the account's links); on phones, the bottom bar's (narrower, taller to tap). */
export const navLinkClass = "rounded-md px-2 py-1.5 font-medium hover:bg-brand-50 max-sm:px-1.5 max-sm:py-2";
