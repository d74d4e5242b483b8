"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import type { ApiUser } from "@/lib/users/types";
import { Button } from "@/components/ui/button";
import { api, settle } from "@/lib/client/api-client";

/** "Make admin" / "Remove admin" (or the same for `rider`, product.md §12) for one account; the server enforces who may do what. */
export function RoleButton({
  user,
  isSelf,
  hintId,
  role = "admin",
}: {
  user: Pick<ApiUser, "id" | "name" | "email" | "role">;
  isSelf: boolean;
  hintId: string;
  role?: "admin" | "rider";
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const make = user.role !== role;
  const who = `${user.name} (${user.email})`;
  const article = role === "admin" ? "an" : "a";

  async function change() {
    setBusy(true);
    const reply = await settle(api.setUserRole(user.id, make ? role : "user"));
    setBusy(false);
    if (reply.ok)
      toast.success(
        reply.data.role === role ? `${reply.data.name} is now ${article} ${role}` : `${reply.data.name} is no longer ${article} ${role}`,
      );
    else toast.error(reply.error.message);
    router.refresh();
  }

  return (
    <Button
      variant={make ? "secondary" : "danger"}
      size="sm"
      className="whitespace-nowrap"
      disabled={isSelf || busy}
      aria-describedby={isSelf ? hintId : undefined}
      onClick={change}
    >
      {make ? `Make ${role}` : `Remove ${role}`}
      <span className="sr-only"> {who}</span>
    </Button>
  );
}
