"use client";

import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from "react";
import { toasterDemand } from "@/components/ui/toast";

const Toaster = lazy(() => import("sonner").then(({ Toaster }) => ({ default: Toaster })));

/** sonner's <Toaster>, mounted when the first toast is asked for (components/ui/toast.ts). */
export function LazyToaster(props: ComponentProps<typeof Toaster>) {
  const asked = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.asked, () => false);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
