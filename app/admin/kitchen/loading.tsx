import { Bone, Loading } from "@/components/ui/skeleton";

// The kitchen display while its tickets are read: the heading, the sound switch and three
// columns of ticket-sized boxes, where the real ones will stand.
export default function KitchenLoading() {
  return (
    <Loading className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Kitchen</h1>
        <Bone className="h-11 w-56" />
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {[3, 2, 1].map((count, column) => (
          <div key={column} className="space-y-3 rounded-2xl bg-stone-100 p-3">
            <Bone className="h-7 w-32" />
            {Array.from({ length: count }, (_, i) => (
              <Bone key={i} className="h-48 rounded-2xl" />
            ))}
          </div>
        ))}
      </div>
    </Loading>
  );
}
