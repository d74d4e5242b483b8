import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

// An order that does not exist, or is someone else's: the same answer for both (with a 404),
// so an order number reveals nothing about other customers.
export default function OrderNotFound() {
  return (
    <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">Order not found</h1>
      <p className="mt-2 text-stone-700">We could not find this order among yours. Your orders are all listed under My orders.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link href="/orders" className={buttonClass("primary")}>
          My orders
        </Link>
        <Link href="/menu" className={buttonClass("secondary")}>
          Browse the menu
        </Link>
      </div>
    </div>
  );
}
