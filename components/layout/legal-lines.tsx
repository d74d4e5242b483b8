import "server-only";
import { cachedBusiness } from "@/lib/billing/business";
import { fssaiLine } from "@/lib/billing/words";
import type { BusinessDetails } from "@/lib/billing/types";

/** The details, or none while the database cannot be reached: a page without them beats no page. */
export async function footerBusiness(): Promise<BusinessDetails | null> {
  try {
    return await cachedBusiness();
  } catch {
    return null;
  }
}

/**
 * What the law wants on every page (product.md §11), the shop's and the admin area's: the FSSAI
 * licence number (or that none is entered yet), and the grievance officer with their designation
 * and a way to reach them. Cached with the business details, so the prerendered pages stay static
 * and an admin's save shows on the next request.
 */
export async function LegalLines({ business }: { business?: BusinessDetails | null }) {
  const details = business === undefined ? await footerBusiness() : business;
  // Unreachable database: say nothing rather than claim no licence was entered.
  return details ? <Lines business={details} /> : null;
}

/** The admin area's foot: the same lines. */
export async function AdminLegalFooter() {
  const business = await footerBusiness();
  if (!business) return null;
  return (
    <footer className="border-t border-stone-200 px-4 py-4 text-center text-xs">
      <Lines business={business} />
    </footer>
  );
}

function Lines({ business }: { business: BusinessDetails }) {
  const officer = business.grievanceOfficer;
  return (
    <div className="space-y-1 break-words text-stone-600">
      <p data-testid="fssai-licence">{fssaiLine(business.fssai)}</p>
      {officer ? (
        <p data-testid="grievance-officer">
          Grievance officer: {officer.name} ({officer.designation}),{" "}
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
