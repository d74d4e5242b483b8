import "server-only";
import Link from "next/link";
import { cacheLife } from "next/cache";
import { SITE } from "@/lib/site";
import { FRESH_INSTALL_BUSINESS } from "@/lib/billing/business-schema";
import { footerBusiness, LegalLines } from "@/components/layout/legal-lines";
import { DELIVERY_CHECK_ID } from "@/components/shop/pin-answer";

const QUICK_LINKS = [
  { href: "/", label: "Home" },
  { href: "/menu", label: "Menu" },
  { href: "/cart", label: "Cart" },
  { href: "/orders", label: "My orders" },
  { href: "/policies", label: "Policies" },
  { href: "/help", label: "Help" },
];

/** This year, kept with the prerendered pages for a day at most. */
async function ThisYear() {
  "use cache";
  cacheLife("days");
  return new Date().getFullYear();
}

/**
 * Whom to reach: the grievance officer's contacts from the business details (the e-commerce rules
 * want the seller's own, not a fixed text); the shop's defaults only until an admin names one.
 */
function contactsOf(officer: { email: string; phone: string } | null) {
  if (!officer) return { email: SITE.email, tel: SITE.phone.tel, phone: SITE.phone.display };
  return { email: officer.email, tel: officer.phone, phone: officer.phone };
}

export async function SiteFooter() {
  const business = await footerBusiness();
  const { legalName, tradeName, address } = business ?? FRESH_INSTALL_BUSINESS;
  const contacts = contactsOf(business?.grievanceOfficer ?? null);
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white render-near-viewport [--rendered-height:34rem]">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
        <div>
          <p className="text-base font-bold text-brand-800">{tradeName}</p>
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
          <address className="not-italic" data-testid="footer-contact">
            <ul className="mt-2 space-y-1 break-words text-stone-700">
              <li className="font-medium">{legalName}</li>
              <li className="whitespace-pre-line">{address}</li>
              <li>
                <a href={`tel:${contacts.tel}`} className="hover:underline">
                  {contacts.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${contacts.email}`} className="hover:underline">
                  {contacts.email}
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
        <LegalLines business={business} />
        <p>
          © <ThisYear /> {legalName}
        </p>
      </div>
    </footer>
  );
}
