import "server-only";
import Link from "next/link";
import { cacheLife } from "next/cache";
import { SITE, SITE_ADDRESS_LINE } from "@/lib/site";
import { LegalLines } from "@/components/layout/legal-lines";
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
