import "server-only";
import { cachedBusiness } from "@/lib/billing/business";
import { fssaiLine } from "@/lib/billing/words";
import type { BusinessDetails } from "@/lib/billing/types";

/** The details, or none while the database cannot be reached: a page without them beats no page. */
async function businessOrNone(): Promise<BusinessDetails | null> {
  try {
    return await cachedBusiness();
  } catch {
    return null;
  }
}

/** The details when they hold anything the lines show, else null (a fresh install has neither). */
async function legalDetails(): Promise<BusinessDetails | null> {
  const business = await businessOrNone();
  return business?.fssai || business?.grievanceOfficer ? business : null;
}

/**
 * What the law wants on every page (product.md §11), the shop's and the admin area's: the FSSAI
 * licence number, and the grievance officer with a way to reach them. Cached with the business
 * details, so the prerendered pages stay static and an admin's save shows on the next request.
 */
export async function LegalLines() {
  const business = await legalDetails();
  return business ? <Lines business={business} /> : null;
}

/** The admin area's foot: the same lines, and no footer at all while there are none. */
export async function AdminLegalFooter() {
  const business = await legalDetails();
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
      {business.fssai ? <p data-testid="fssai-licence">{fssaiLine(business.fssai)}</p> : null}
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
