"use client";

import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import type { MenuCategory, MenuItemView } from "@/lib/menu/types";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { MenuItemFormCard } from "@/components/admin/menu-item-form";
import { api, settle } from "@/lib/client/api-client";

type Editor = { edit: (item: MenuItemView) => void; askToDelete: (item: MenuItemView) => void };

const EditorContext = createContext<Editor | null>(null);

/** For a row's Edit and Delete buttons: they open the form and the dialog this editor owns. */
export function useMenuEditor(): Editor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error("useMenuEditor is used outside <MenuEditor>");
  return editor;
}

/**
 * The browser half of the admin menu: the add/edit form, the delete confirmation, and which item
 * each is about. The table of items (`children`) is rendered on the server; only its buttons
 * reach back here. `tableHeadingId` is where focus goes once a deleted row is gone.
 */
export function MenuEditor({
  categories,
  tableHeadingId,
  children,
}: {
  categories: MenuCategory[];
  tableHeadingId: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState<MenuItemView | null>(null);
  const [deleting, setDeleting] = useState<MenuItemView | null>(null);
  const [busy, setBusy] = useState(false);
  /** Where focus goes once the dialog has closed (a modal dialog keeps it until then). */
  const focusAfterDialog = useRef<"heading" | { deleteId: string } | null>(null);

  useEffect(() => {
    // Runs after ConfirmDialog's own effect has closed the dialog in the same commit.
    const target = focusAfterDialog.current;
    if (deleting || !target) return;
    focusAfterDialog.current = null;
    if (target === "heading") document.getElementById(tableHeadingId)?.focus();
    else document.querySelector<HTMLButtonElement>(`[data-delete-id="${CSS.escape(target.deleteId)}"]`)?.focus();
  }, [deleting, tableHeadingId]);

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

  return (
    <EditorContext value={{ edit: setEditing, askToDelete: setDeleting }}>
      <div className="space-y-6">
        <MenuItemFormCard key={editing?.id ?? "new"} item={editing} categories={categories} onDone={() => setEditing(null)} />
        {children}
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
    </EditorContext>
  );
}
