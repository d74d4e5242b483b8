import Image from "next/image";
import type { MenuCategory, MenuItemView } from "@/lib/menu/types";
import { formatRupees } from "@/lib/money";
import { PORTIONS } from "@/lib/portions";
import { Cell, RowHeader, Table } from "@/components/ui/table";
import { DietMark } from "@/components/ui/diet-mark";
import { AvailabilityToggle } from "@/components/admin/availability-toggle";
import { MenuEditor } from "@/components/admin/menu-editor";
import { MenuRowActions } from "@/components/admin/menu-row-actions";

const HEADING_ID = "menu-items-heading";

/**
 * The admin menu: the add/edit form above a table of every item with its actions. The table is
 * rendered here, on the server; the browser gets only the form, the dialog and the row buttons.
 */
export function MenuManager({ items, categories }: { items: MenuItemView[]; categories: MenuCategory[] }) {
  return (
    <MenuEditor categories={categories} tableHeadingId={HEADING_ID}>
      <section aria-labelledby={HEADING_ID} className="space-y-2">
        <h2 id={HEADING_ID} tabIndex={-1} className="text-lg font-bold">
          Menu items ({items.length})
        </h2>
        <Table
          id="menu-items"
          caption="Every item on the menu, in menu order"
          columns={[
            { label: "Image", hidden: true },
            "Name",
            "Diet",
            "Category",
            ...PORTIONS.map((p) => p.label),
            "Availability",
            "Actions",
          ]}
          minWidth="min-w-[58rem]"
          align="middle"
        >
          {items.map((item) => (
            <tr key={item.id} data-item-id={item.id}>
              <Cell className="w-16">
                <Image
                  src={item.image}
                  alt=""
                  width={48}
                  height={48}
                  unoptimized
                  className="h-12 w-12 max-w-none rounded-lg bg-brand-50 object-cover"
                />
              </Cell>
              <RowHeader>{item.name}</RowHeader>
              <Cell data-testid="diet">
                <DietMark diet={item.diet} className="h-5 w-5" />
              </Cell>
              <Cell>{item.category.name}</Cell>
              {PORTIONS.map((p) => (
                <Cell key={p.key} className="whitespace-nowrap" data-testid={`price-${p.key}`}>
                  {formatRupees(item.prices[p.key])}
                </Cell>
              ))}
              <Cell>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${
                      item.available ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-900"
                    }`}
                  >
                    {item.available ? "Available" : "Sold out"}
                  </span>
                  <AvailabilityToggle item={item} />
                </div>
              </Cell>
              <Cell>
                <MenuRowActions item={item} />
              </Cell>
            </tr>
          ))}
        </Table>
      </section>
    </MenuEditor>
  );
}
