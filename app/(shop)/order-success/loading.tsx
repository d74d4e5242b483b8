import { Bone, Loading } from "@/components/ui/skeleton";

// The thank-you page while the order is read: its green panel and the details below.
export default function OrderSuccessLoading() {
  return (
    <Loading className="space-y-6">
      <div className="rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:p-6">
        <Bone className="h-8 w-72 max-w-full sm:h-9" />
        <Bone className="mt-2 h-6 w-96 max-w-full" />
        <Bone className="mt-2 h-7 w-80 max-w-full" />
        <Bone className="mt-4 h-9 w-64 max-w-full" />
      </div>
      <Bone className="h-64 rounded-2xl" />
    </Loading>
  );
}
