/** The header's text links (Home, Menu, the account's links). */
export const navLinkClass = "rounded-md px-2 py-1.5 font-medium hover:bg-brand-50";
