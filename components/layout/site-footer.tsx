import "server-only";
import Link from "next/link";
import { cacheLife } from "next/cache";
import { SITE, SITE_ADDRESS_LINE } from "@/lib/site";
import { cachedBusiness } from "@/lib/billing/business";
import { fssaiLine } from "@/lib/billing/words";
import type { BusinessDetails } from "@/lib/billing/types";
import { DELIVERY_CHECK_ID } from "@/components/shop/pin-answer";

const QUICK_LINKS = [
  { href: "/", label: "Home" },
  { href: "/menu", label: "Menu" },
  { href: "/cart", label: "Cart" },
  { href: "/orders", label: "My orders" },
];

/** This year, kept with the prerendered pages for a day at most. */
async function ThisYear() {
  "use cache";
  cacheLife("days");
  return new Date().getFullYear();
}

/** The details, or none while the database cannot be reached: a page without them beats no page. */
async function businessOrNone(): Promise<BusinessDetails | null> {
  try {
    return await cachedBusiness();
  } catch {
    return null;
  }
}

/**
 * What the law wants on every page (product.md §11): the FSSAI licence number, and the grievance
 * officer with a way to reach them. Cached with the business details, so the prerendered pages
 * stay static and an admin's save shows on the next request. A fresh install has neither.
 */
async function LegalLines() {
  const business = await businessOrNone();
  const officer = business?.grievanceOfficer;
  if (!business?.fssai && !officer) return null;
  return (
    <div className="space-y-1 break-words text-stone-600">
      {business?.fssai ? <p data-testid="fssai-licence">{fssaiLine(business.fssai)}</p> : null}
      {officer ? (
        <p data-testid="grievance-officer">
          Grievance officer: {officer.name},{" "}
          <a href={`mailto:${officer.email}`} className="underline underline-offset-2 hover:text-stone-900">
            {officer.email}
          </a>
          ,{" "}
          <a href={`tel:${officer.phone}`} className="underline underline-offset-2 hover:text-stone-900">
            {officer.phone}
          </a>
        </p>
      ) : null}
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white render-near-viewport [--rendered-height:30rem]">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
        <div>
          <p className="text-base font-bold text-brand-800">{SITE.name}</p>
          <p className="mt-2 text-stone-600">{SITE.tagline}</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold">Quick links</h2>
          <ul className="mt-2 space-y-1 text-stone-700">
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* The heading stays outside <address>: that element may hold no headings. */}
        <div>
          <h2 className="font-semibold">Contact us</h2>
          <address className="not-italic">
            <ul className="mt-2 space-y-1 text-stone-700">
              <li>{SITE_ADDRESS_LINE}</li>
              <li>
                <a href={`tel:${SITE.phone.tel}`} className="hover:underline">
                  {SITE.phone.display}
                </a>
              </li>
              <li>
                <a href={`mailto:${SITE.email}`} className="hover:underline">
                  {SITE.email}
                </a>
              </li>
              <li>
                {/* The hours are the kitchen's own (/admin/settings); the landing page says when and where we deliver. */}
                <a href={`/#${DELIVERY_CHECK_ID}`} className="hover:underline">
                  Delivery hours and areas
                </a>
              </li>
            </ul>
          </address>
        </div>
      </div>
      <div className="space-y-2 border-t border-stone-100 px-4 py-4 text-center text-xs text-stone-500">
        <LegalLines />
        <p>
          © <ThisYear /> {SITE.name}
        </p>
      </div>
    </footer>
  );
}
