import { Bone, Loading } from "@/components/ui/skeleton";
import { Panel } from "@/components/ui/panel";

// My orders while the list is read: the heading and three order cards of the real size.
// In the (list) group so it does not wrap /orders/[id]: behind a loading boundary the order
// page's notFound() would come after a 200 had been sent, and an unknown order must be a 404.
export default function OrdersLoading() {
  return (
    <Loading>
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">My orders</h1>
      <div className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Panel as="div" key={i}>
            <Bone className="h-6 w-40" />
            <Bone className="mt-1 h-5 w-48" />
            <Bone className="mt-2 h-5 w-3/4" />
            <Bone className="mt-3 h-6 w-32" />
          </Panel>
        ))}
      </div>
    </Loading>
  );
}
