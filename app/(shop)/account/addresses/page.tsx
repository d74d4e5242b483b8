import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { listAddresses } from "@/lib/addresses/queries";
import { AddressBook } from "@/components/account/address-book";

// Per visitor (the session): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Your addresses", robots: { index: false, follow: false } };

/** The address book (product.md §13): add, edit, delete, make default. */
export default async function AddressesPage() {
  const user = await requirePageUser("/account/addresses");
  const book = await listAddresses(user);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <p className="text-sm">
          <Link href="/account" className="underline underline-offset-2">
            Your account
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Your addresses</h1>
        <p className="mt-2 text-stone-700">The default address is chosen for you at checkout. Orders keep the address they were sent to.</p>
      </div>
      <AddressBook book={book} />
    </div>
  );
}
