"use client";

import { useEffect, useRef, useState } from "react";
import Image from "next/image";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import type { MenuCategory, MenuItemView } from "@/lib/menu/types";
import { formatRupees } from "@/lib/money";
import { PORTIONS } from "@/lib/portions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { MenuItemFormCard } from "@/components/admin/menu-item-form";
import { api, settle } from "@/lib/api-client";

const th = "px-3 py-2 text-left text-xs font-bold uppercase tracking-wide text-stone-600";
const td = "px-3 py-2 align-middle text-sm";

/** The admin menu: the add/edit form above a table of every item with its actions. */
export function MenuManager({ items, categories }: { items: MenuItemView[]; categories: MenuCategory[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<MenuItemView | null>(null);
  const [deleting, setDeleting] = useState<MenuItemView | null>(null);
  const [busy, setBusy] = useState(false);
  const [toggling, setToggling] = useState<string | null>(null);
  const tableHeading = useRef<HTMLHeadingElement>(null);
  /** Where focus goes once the dialog has closed (a modal dialog keeps it until then). */
  const focusAfterDialog = useRef<"heading" | { deleteId: string } | null>(null);

  useEffect(() => {
    // Runs after ConfirmDialog's own effect has closed the dialog in the same commit.
    const target = focusAfterDialog.current;
    if (deleting || !target) return;
    focusAfterDialog.current = null;
    if (target === "heading") tableHeading.current?.focus();
    else document.querySelector<HTMLButtonElement>(`[data-delete-id="${CSS.escape(target.deleteId)}"]`)?.focus();
  }, [deleting]);

  function cancelDelete() {
    if (deleting) focusAfterDialog.current = { deleteId: deleting.id };
    setDeleting(null);
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    const reply = await settle(api.deleteMenuItem(deleting.id));
    setBusy(false);
    if (reply.ok) {
      toast.success(`${deleting.name} deleted`);
      if (editing?.id === deleting.id) setEditing(null);
    } else {
      toast.error(reply.error.message);
    }
    // The row (and its Delete button) is going: keep the keyboard user at the table.
    focusAfterDialog.current = reply.ok ? "heading" : { deleteId: deleting.id };
    setDeleting(null);
    router.refresh();
  }

  async function toggleAvailable(item: MenuItemView) {
    setToggling(item.id);
    const reply = await settle(api.updateMenuItem(item.id, { available: !item.available }));
    setToggling(null);
    if (reply.ok) toast.success(item.available ? `${item.name} marked sold out` : `${item.name} marked available`);
    else toast.error(reply.error.message);
    router.refresh();
  }

  return (
    <div className="space-y-6">
      <MenuItemFormCard key={editing?.id ?? "new"} item={editing} categories={categories} onDone={() => setEditing(null)} />

      <section aria-labelledby="menu-items-heading" className="space-y-2">
        <h2 id="menu-items-heading" ref={tableHeading} tabIndex={-1} className="text-lg font-bold">
          Menu items ({items.length})
        </h2>
        <div
          role="region"
          aria-labelledby="menu-items-caption"
          tabIndex={0}
          className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm"
        >
          <table className="w-full min-w-[56rem] border-collapse">
            <caption id="menu-items-caption" className="px-3 py-2 text-left text-sm text-stone-700">
              Every item on the menu, in menu order
            </caption>
            <thead className="border-b border-stone-200 bg-stone-50">
              <tr>
                <th scope="col" className={th}>
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col" className={th}>
                  Name
                </th>
                <th scope="col" className={th}>
                  Category
                </th>
                {PORTIONS.map((p) => (
                  <th key={p.key} scope="col" className={th}>
                    {p.label}
                  </th>
                ))}
                <th scope="col" className={th}>
                  Availability
                </th>
                <th scope="col" className={th}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {items.map((item) => (
                <tr key={item.id} data-item-id={item.id}>
                  <td className={`${td} w-16`}>
                    <Image
                      src={item.image}
                      alt=""
                      width={48}
                      height={48}
                      unoptimized
                      className="h-12 w-12 max-w-none rounded-lg bg-brand-50 object-cover"
                    />
                  </td>
                  <th scope="row" className={`${td} text-left font-semibold`}>
                    {item.name}
                  </th>
                  <td className={td}>{item.category.name}</td>
                  {PORTIONS.map((p) => (
                    <td key={p.key} className={`${td} whitespace-nowrap`} data-testid={`price-${p.key}`}>
                      {formatRupees(item.prices[p.key])}
                    </td>
                  ))}
                  <td className={td}>
                    <div className="flex flex-wrap items-center gap-2">
                      <span
                        className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${
                          item.available ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-900"
                        }`}
                      >
                        {item.available ? "Available" : "Sold out"}
                      </span>
                      <Button
                        variant="ghost"
                        className="px-2 py-1 text-xs underline"
                        disabled={toggling === item.id}
                        onClick={() => toggleAvailable(item)}
                      >
                        {item.available ? "Mark sold out" : "Mark available"}
                        <span className="sr-only"> {item.name}</span>
                      </Button>
                    </div>
                  </td>
                  <td className={td}>
                    <div className="flex gap-2">
                      <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(item)}>
                        Edit<span className="sr-only"> {item.name}</span>
                      </Button>
                      <Button variant="danger" className="px-3 py-1.5" data-delete-id={item.id} onClick={() => setDeleting(item)}>
                        Delete<span className="sr-only"> {item.name}</span>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : "Delete item?"}
        confirmLabel="Delete item"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={cancelDelete}
      >
        It disappears from the menu at once. Past orders keep their lines.
      </ConfirmDialog>
    </div>
  );
}
