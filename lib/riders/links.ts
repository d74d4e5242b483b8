import type { Address } from "@/lib/orders/schema";

// Links a rider's page opens (client-safe, pure).

/** Google Maps' search for the delivery address (product.md §12). */
export function mapUrlOf(address: Pick<Address, "street" | "city" | "state" | "zip">): string {
  const query = [address.street, address.city, address.state, address.zip].join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
