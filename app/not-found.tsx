import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

// Unknown page addresses are sent home by proxy.ts; this is for what it lets through (an
// address that looks like a file, e.g. /menu.pdf) and for any page that calls notFound()
// without a not-found page of its own.
export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">This page is not on the menu</h1>
      <p className="mt-2 text-stone-700">The address may be old or mistyped.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonClass("secondary")}>
          Back to the home page
        </Link>
        <Link href="/menu" className={buttonClass("primary")}>
          Browse the menu
        </Link>
      </div>
    </div>
  );
}
