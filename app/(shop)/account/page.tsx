import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { panelClass } from "@/components/ui/panel";
import { notificationSettings } from "@/lib/notifications/settings";
import { UpdateSwitches } from "@/components/notifications/update-switches";

// Per visitor (the session): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = { title: "Your account", robots: { index: false, follow: false } };

const PLACES = [
  { href: "/account/addresses", title: "Addresses", text: "Add, edit and choose your default delivery address." },
  { href: "/account/favourites", title: "Favourites", text: "The bowls you saved, ready to order." },
  { href: "/orders", title: "My orders", text: "Follow an order, see your bills, order again." },
  { href: "/help", title: "Help", text: "Report a problem with an order." },
] as const;

/** The customer's own page (product.md §13): who they are signed in as, their places, and their order updates (§14). */
export default async function AccountPage() {
  const user = await requirePageUser("/account");
  const updates = await notificationSettings(user);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Your account</h1>
        <dl className="mt-3 grid gap-1 text-stone-800 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-medium text-stone-600">Name</dt>
          <dd className="break-words">{user.name}</dd>
          <dt className="font-medium text-stone-600">E-mail</dt>
          <dd className="break-all">{user.email}</dd>
        </dl>
      </div>
      <nav aria-label="Your account">
        <ul className="grid gap-3 sm:grid-cols-2">
          {PLACES.map((p) => (
            <li key={p.href}>
              <Link
                href={p.href}
                prefetch={false}
                className={panelClass("md", "block h-full hover:border-brand-600 focus-visible:border-brand-600")}
              >
                <span className="block text-lg font-bold text-brand-800">{p.title}</span>
                <span className="mt-1 block text-sm text-stone-700">{p.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <UpdateSwitches initial={updates} />
    </div>
  );
}
