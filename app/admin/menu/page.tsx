import type { Metadata } from "next";
import { requirePageAdmin } from "@/lib/auth/session";
import { getCategories, listMenu } from "@/lib/menu/queries";
import { MenuManager } from "@/components/admin/menu-manager";

export const metadata: Metadata = { title: "Menu · Admin" };

export default async function AdminMenuPage() {
  await requirePageAdmin("/admin/menu");
  const [groups, categories] = await Promise.all([listMenu(), getCategories()]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold sm:text-3xl">Menu</h1>
      <MenuManager items={groups.flatMap((g) => g.items)} categories={categories} />
    </div>
  );
}
