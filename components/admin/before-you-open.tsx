import "server-only";
import Link from "next/link";
import { connection } from "next/server";
import { readiness } from "@/lib/billing/readiness";

/**
 * `Before you open` (product.md §11): on every admin page until the business details hold what a
 * bill and the consumer rules need, naming each missing part; open-ended settings are mentioned,
 * as they may be a choice. Nothing is shown once the required part is done.
 */
export async function BeforeYouOpen() {
  // Read per request: a save on /admin/settings takes it away at once.
  await connection();
  const { missing, openEnded } = await readiness();
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby="before-you-open" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h2 id="before-you-open" className="text-base font-bold">
        Before you open
      </h2>
      <p className="mt-1">Orders are taken meanwhile, but every bill and page should name these:</p>
      <ul className="mt-2 list-disc space-y-0.5 pl-5">
        {missing.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {openEnded.length > 0 && (
        <>
          <p className="mt-2">Left open-ended, which may be what you want:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {openEnded.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-2">
        <Link href="/admin/settings" className="font-semibold underline">
          Fill them in under Settings
        </Link>
      </p>
    </section>
  );
}
