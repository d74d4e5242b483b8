"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import type { ApiUser } from "@/lib/users/types";
import { Button } from "@/components/ui/button";
import { api, settle } from "@/lib/client/api-client";

const WORDS = {
  admin: { make: "Make admin", remove: "Remove admin", is: "an admin" },
  rider: { make: "Make rider", remove: "Remove rider", is: "a rider" },
} as const;

/**
 * "Make admin" / "Remove admin" (or, with `role="rider"`, the same for a rider, product.md §12)
 * for one account; the server enforces who may do what.
 */
export function RoleButton({
  user,
  isSelf,
  hintId,
  role = "admin",
}: {
  user: Pick<ApiUser, "id" | "name" | "email" | "role">;
  isSelf: boolean;
  hintId: string;
  role?: keyof typeof WORDS;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const makeAdmin = user.role !== role;
  const words = WORDS[role];
  const who = `${user.name} (${user.email})`;

  async function change() {
    setBusy(true);
    const reply = await settle(api.setUserRole(user.id, makeAdmin ? role : "user"));
    setBusy(false);
    if (reply.ok) toast.success(`${reply.data.name} ${reply.data.role === role ? "is now" : "is no longer"} ${words.is}`);
    else toast.error(reply.error.message);
    router.refresh();
  }

  return (
    <Button
      variant={makeAdmin ? "secondary" : "danger"}
      size="sm"
      className="whitespace-nowrap"
      disabled={isSelf || busy}
      aria-describedby={isSelf ? hintId : undefined}
      onClick={change}
    >
      {makeAdmin ? words.make : words.remove}
      <span className="sr-only"> {who}</span>
    </Button>
  );
}
