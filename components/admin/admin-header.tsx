import Link from "next/link";
import { LogoutButton } from "@/components/layout/logout-button";
import { buttonClass } from "@/components/ui/button";
import { SITE } from "@/lib/site";
import { LogoMark } from "@/components/layout/logo-mark";

/** The admin area's top bar: its name, the way back to the shop and Logout; no cart, no search. */
export function AdminHeader() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:px-4">
        <Link href="/admin/dashboard" className="mr-auto flex items-center gap-2 font-extrabold text-brand-800">
          <LogoMark size={28} />
          <span>
            {SITE.name} <span className="font-semibold text-stone-600">Admin</span>
          </span>
        </Link>
        <nav aria-label="Account" className="flex items-center gap-1 text-sm">
          <Link href="/" prefetch={false} className={buttonClass({ variant: "ghost", size: "sm" })}>
            View shop
          </Link>
          <LogoutButton />
        </nav>
      </div>
    </header>
  );
}
