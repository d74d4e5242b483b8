import { EmptyState } from "@/components/ui/empty-state";

// An order id that no order has (or that is not an id at all).
export default function AdminOrderNotFound() {
  return (
    <EmptyState
      title="Order not found"
      message="No order has this number. It may be mistyped, or the link old."
      links={[
        { href: "/admin/orders", label: "All orders", primary: true },
        { href: "/admin/kitchen", label: "Kitchen" },
      ]}
    />
  );
}
