import { redirect } from "next/navigation";
import { requirePageAdmin } from "@/lib/auth/session";

// next.config.ts redirects /admin before it renders; this covers the page being reached any other way.
export default async function AdminIndex() {
  await requirePageAdmin("/admin/dashboard");
  redirect("/admin/dashboard");
}
