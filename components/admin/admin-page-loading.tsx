import { Bone, Loading } from "@/components/ui/skeleton";

// An admin page while its data is read: the admin frame (layout) stays, a heading and a panel
// stand in for the page. Each list page has its own loading.tsx that uses it, not one in
// app/admin/: a loading boundary above /admin/orders/[id] would stream that page, and its
// notFound() would then come after a 200 had been sent (an unknown order must be a 404).
export default function AdminPageLoading() {
  return (
    <Loading className="space-y-4">
      <Bone className="h-8 w-48 sm:h-9" />
      <Bone className="h-96 rounded-2xl" />
    </Loading>
  );
}
