import { Bone, Loading } from "@/components/ui/skeleton";

// Any admin page while its data is read: the admin menu (layout) stays, a heading and a panel
// stand in for the page.
export default function AdminLoading() {
  return (
    <Loading className="space-y-4">
      <Bone className="h-8 w-48 sm:h-9" />
      <Bone className="h-96 rounded-2xl" />
    </Loading>
  );
}
