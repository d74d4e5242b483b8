"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import type { ApiUser } from "@/lib/users/types";
import { Button } from "@/components/ui/button";
import { api, settle } from "@/lib/client/api-client";

/** "Make admin" / "Remove admin" for one account; the server enforces who may do what. */
export function RoleButton({
  user,
  isSelf,
  hintId,
}: {
  user: Pick<ApiUser, "id" | "name" | "email" | "role">;
  isSelf: boolean;
  hintId: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const makeAdmin = user.role !== "admin";
  const who = `${user.name} (${user.email})`;

  async function change() {
    setBusy(true);
    const reply = await settle(api.setUserRole(user.id, makeAdmin ? "admin" : "user"));
    setBusy(false);
    if (reply.ok)
      toast.success(reply.data.role === "admin" ? `${reply.data.name} is now an admin` : `${reply.data.name} is no longer an admin`);
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
      {makeAdmin ? "Make admin" : "Remove admin"}
      <span className="sr-only"> {who}</span>
    </Button>
  );
}
