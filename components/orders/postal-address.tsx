import type { Address } from "@/lib/orders/schema";

/** A delivery address as people write it: name · phone, then street, city, state and PIN code. */
export function PostalAddress({ address, className = "" }: { address: Address; className?: string }) {
  return (
    <address className={`text-stone-700 not-italic ${className}`}>
      {address.name} · {address.phone}
      <br />
      {address.street}, {address.city}, {address.state} {address.zip}
    </address>
  );
}
