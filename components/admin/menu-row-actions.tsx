"use client";

import type { MenuItemView } from "@/lib/menu/types";
import { Button } from "@/components/ui/button";
import { useMenuEditor } from "@/components/admin/menu-editor";

/** A row's Edit and Delete: the form and the confirmation live in the surrounding MenuEditor. */
export function MenuRowActions({ item }: { item: MenuItemView }) {
  const { edit, askToDelete } = useMenuEditor();
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" onClick={() => edit(item)}>
        Edit<span className="sr-only"> {item.name}</span>
      </Button>
      <Button variant="danger" size="sm" data-delete-id={item.id} onClick={() => askToDelete(item)}>
        Delete<span className="sr-only"> {item.name}</span>
      </Button>
    </div>
  );
}
