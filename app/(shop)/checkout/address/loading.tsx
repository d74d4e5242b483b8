import { CheckoutSteps } from "@/components/checkout/checkout-steps";
import { Bone, Loading } from "@/components/ui/skeleton";

// The address step while the last delivery address is read: the steps and heading as they
// will be, the form as grey fields.
export default function CheckoutAddressLoading() {
  return (
    <Loading>
      <CheckoutSteps current="address" />
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">Delivery address</h1>
      <div className="max-w-2xl space-y-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i}>
            <Bone className="h-5 w-32" />
            <Bone className="mt-1 h-10" />
          </div>
        ))}
      </div>
    </Loading>
  );
}
