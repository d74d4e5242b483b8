import { OrderMissing } from "@/components/orders/order-missing";

// An order that does not exist, or is someone else's: the same answer for both (with a 404),
// so an order number reveals nothing about other customers.
export default function OrderNotFound() {
  return (
    <OrderMissing title="Order not found" message="We could not find this order among yours. Your orders are all listed under My orders." />
  );
}
