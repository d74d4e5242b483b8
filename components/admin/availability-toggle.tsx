"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import type { MenuItemView } from "@/lib/menu/types";
import { Button } from "@/components/ui/button";
import { api, settle } from "@/lib/client/api-client";

/** "Mark sold out" / "Mark available" for one item, without opening the form. */
export function AvailabilityToggle({ item }: { item: MenuItemView }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    const reply = await settle(api.updateMenuItem(item.id, { available: !item.available }));
    setBusy(false);
    if (reply.ok) toast.success(item.available ? `${item.name} marked sold out` : `${item.name} marked available`);
    else toast.error(reply.error.message);
    router.refresh();
  }

  return (
    <Button variant="ghost" size="xs" className="underline" disabled={busy} onClick={toggle}>
      {item.available ? "Mark sold out" : "Mark available"}
      <span className="sr-only"> {item.name}</span>
    </Button>
  );
}
