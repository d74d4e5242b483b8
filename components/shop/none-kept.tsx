"use client";

import { useShown } from "@/components/shop/menu-query";
import { EmptyState } from "@/components/ui/empty-state";

/** On a page of kept bowls: once the customer has let the last one go, says so instead of an empty grid. */
export function NoneKept({ message, detail }: { message: string; detail: string }) {
  const { kept, count } = useShown();
  if (kept !== "ready" || count > 0) return null;
  return <EmptyState message={message} detail={detail} links={[{ href: "/menu", label: "Browse the menu", primary: true }]} />;
}
