import { formatRupees } from "@/lib/money";
import type { BestSeller } from "@/lib/orders/dashboard/types";
import { Cell, RowHeader, Table } from "@/components/ui/table";
import { EmptyState } from "@/components/ui/empty-state";

/** The week's best-selling bowls, most sold first. */
export function BestSellersTable({ sellers }: { sellers: readonly BestSeller[] }) {
  if (sellers.length === 0) {
    return <EmptyState message="No bowls sold in the last 7 days." links={[{ href: "/admin/menu", label: "Open the menu" }]} />;
  }
  return (
    <Table
      id="best-sellers"
      caption="Portions sold over the last 7 days (cancelled orders not counted)"
      columns={["Rank", "Bowl", "Sold", "Revenue"]}
      minWidth="min-w-[18rem]"
    >
      {sellers.map((seller, i) => (
        <tr key={seller.name}>
          <Cell>{i + 1}</Cell>
          <RowHeader className="break-words">{seller.name}</RowHeader>
          <Cell>{seller.quantity}</Cell>
          <Cell>{formatRupees(seller.revenue)}</Cell>
        </tr>
      ))}
    </Table>
  );
}
