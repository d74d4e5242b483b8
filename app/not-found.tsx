import { EmptyState } from "@/components/ui/empty-state";
import { ShopFrame } from "@/components/layout/shop-frame";

// Unknown page addresses are sent home by proxy.ts; this is for what it lets through (an
// address that looks like a file, e.g. /menu.pdf) and for any page that calls notFound()
// without a not-found page of its own.
export default function NotFound() {
  return (
    <ShopFrame>
      <EmptyState
        title="This page is not on the menu"
        message="The address may be old or mistyped."
        links={[
          { href: "/", label: "Back to the home page" },
          { href: "/menu", label: "Browse the menu", primary: true },
        ]}
        className="mx-auto max-w-lg"
      />
    </ShopFrame>
  );
}
