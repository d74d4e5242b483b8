import { Bone, Loading } from "@/components/ui/skeleton";

// The order's page while it is read: the way back, the heading and its line, and the four cards.
export default function AdminOrderLoading() {
  return (
    <Loading className="space-y-4">
      <div>
        <Bone className="h-5 w-24" />
        <Bone className="mt-2 h-8 w-56 sm:h-9" />
        <Bone className="mt-1 h-6 w-52" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Bone className="h-36 rounded-2xl" />
        <Bone className="h-36 rounded-2xl" />
        <Bone className="h-72 rounded-2xl" />
        <Bone className="h-72 rounded-2xl" />
      </div>
    </Loading>
  );
}
