import { EmptyState } from "@/components/ui/empty-state";

/**
 * No order to show (none named, not found, or someone else's): the customer's way on is their
 * own list of orders, or the menu.
 */
export function OrderMissing({ title, message }: { title: string; message: string }) {
  return (
    <EmptyState
      title={title}
      message={message}
      links={[
        { href: "/orders", label: "My orders", primary: true },
        { href: "/menu", label: "Browse the menu" },
      ]}
    />
  );
}
