import { Column, Hr, Row } from "@react-email/components";
import { formatRupees } from "@/lib/money";
import { portionLabel } from "@/lib/portions";
import type { ApiOrder } from "@/lib/orders/types";

// What an order holds, as the order mails list it: each line, then subtotal, fee and total.

const cell = { fontSize: "14px", lineHeight: "22px", color: "#1f2937", padding: "4px 0" };
const right = { ...cell, textAlign: "right" as const, whiteSpace: "nowrap" as const };

type Order = Pick<ApiOrder, "items" | "subtotal" | "deliveryFee" | "total">;

const lineText = (item: ApiOrder["items"][number]) =>
  `${item.quantity} × ${item.name} (${portionLabel(item.portion)}) at ${formatRupees(item.unitPrice)}`;

/** The same as lines of text. */
export function orderSummaryText(order: Order): string {
  return [
    ...order.items.map((item) => `${lineText(item)}: ${formatRupees(item.lineTotal)}`),
    "",
    `Subtotal: ${formatRupees(order.subtotal)}`,
    `Delivery fee: ${formatRupees(order.deliveryFee)}`,
    `Total: ${formatRupees(order.total)}`,
  ].join("\n");
}

export function OrderSummary({ order }: { order: Order }) {
  return (
    <>
      {order.items.map((item, i) => (
        <Row key={i}>
          <Column style={cell}>{lineText(item)}</Column>
          <Column style={right}>{formatRupees(item.lineTotal)}</Column>
        </Row>
      ))}
      <Hr style={{ borderColor: "#e5e7eb", margin: "8px 0" }} />
      <Row>
        <Column style={cell}>Subtotal</Column>
        <Column style={right}>{formatRupees(order.subtotal)}</Column>
      </Row>
      <Row>
        <Column style={cell}>Delivery fee</Column>
        <Column style={right}>{formatRupees(order.deliveryFee)}</Column>
      </Row>
      <Row>
        <Column style={{ ...cell, fontWeight: 700 }}>Total</Column>
        <Column style={{ ...right, fontWeight: 700 }}>{formatRupees(order.total)}</Column>
      </Row>
    </>
  );
}
