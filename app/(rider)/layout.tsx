import Link from "next/link";
import { SITE } from "@/lib/site";
import { LogoMark } from "@/components/layout/logo-mark";

// The rider's frame (product.md §12): a phone on the road needs the orders, not the shop. A small
// header of plain links instead of the shop's (cart, search, account islands), so the page loads
// light on a rider's connection: links that do not prefetch the shop's pages' scripts;
// signing out is on the account page, in the shop's own header.
export default function RiderLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-md items-center justify-between gap-2 px-3 py-2">
          <Link href="/" prefetch={false} className="inline-flex min-h-11 items-center gap-2 font-bold">
            <LogoMark size={32} />
            {SITE.name}
          </Link>
          <nav aria-label="Rider" className="flex items-center gap-1 text-sm font-semibold">
            <Link href="/orders" prefetch={false} className="inline-flex min-h-11 items-center px-2">
              My orders
            </Link>
            <Link href="/account" prefetch={false} className="inline-flex min-h-11 items-center px-2">
              Account
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-3 py-4">
        {children}
      </main>
    </>
  );
}
