/** The account pages' text links (a plain module, so server and client components can share it). */
export const authLinkClass = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";
