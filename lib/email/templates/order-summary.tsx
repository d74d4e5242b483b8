import { Column, Hr, Row } from "@react-email/components";
import { formatRupees } from "@/lib/money";
import { portionLabel } from "@/lib/portions";
import type { ApiOrder } from "@/lib/orders/types";
import { lineOptionsText } from "@/lib/orders/line-text";

// What an order holds, as the order mails list it: each line with its options and note, then
// subtotal, the coupon's discount and packaging (when there are), fee and total.

const cell = { fontSize: "14px", lineHeight: "22px", color: "#1f2937", padding: "4px 0" };
const right = { ...cell, textAlign: "right" as const, whiteSpace: "nowrap" as const };

const detail = { fontSize: "13px", lineHeight: "20px", color: "#4b5563" };

/** `packagingCharge` and `coupon` may be absent: a confirmation queued before orders had them (product.md §11, §13). */
type Order = Pick<ApiOrder, "items" | "subtotal" | "deliveryFee" | "total"> &
  Partial<Pick<ApiOrder, "packagingCharge" | "discount" | "coupon">>;

/** The rows under the lines: a discount and packaging only when the order had them (a discount negative). */
function amountRows(order: Order): [string, number][] {
  const packaging = order.packagingCharge ?? 0;
  return [
    ["Subtotal", order.subtotal],
    ...(order.coupon && order.discount ? [[`Discount (${order.coupon.code})`, -order.discount] as [string, number]] : []),
    ...(packaging > 0 ? [["Packaging", packaging] as [string, number]] : []),
    ["Delivery fee", order.deliveryFee],
  ];
}

type Line = ApiOrder["items"][number];

const lineText = (item: Line) => `${item.quantity} × ${item.name} (${portionLabel(item.portion)}) at ${formatRupees(item.unitPrice)}`;

/**
 * What the customer chose for the line and told the kitchen, each as a sentence ([] when
 * neither). Jobs queued before lines had options carry none (`?? []`).
 */
function lineDetails(item: Line): string[] {
  const options = item.options ?? [];
  return [...(options.length > 0 ? [lineOptionsText(options, { prices: true })] : []), ...(item.note ? [`Note: ${item.note}`] : [])];
}

/** The same as lines of text. */
export function orderSummaryText(order: Order): string {
  return [
    ...order.items.flatMap((item) => [`${lineText(item)}: ${formatRupees(item.lineTotal)}`, ...lineDetails(item).map((d) => `  ${d}`)]),
    "",
    ...amountRows(order).map(([label, amount]) => `${label}: ${formatRupees(amount)}`),
    `Total: ${formatRupees(order.total)}`,
  ].join("\n");
}

export function OrderSummary({ order }: { order: Order }) {
  return (
    <>
      {order.items.map((item, i) => (
        <Row key={i}>
          <Column style={cell}>
            {lineText(item)}
            {lineDetails(item).map((d, j) => (
              <div key={j} style={detail}>
                {d}
              </div>
            ))}
          </Column>
          <Column style={right}>{formatRupees(item.lineTotal)}</Column>
        </Row>
      ))}
      <Hr style={{ borderColor: "#e5e7eb", margin: "8px 0" }} />
      {amountRows(order).map(([label, amount]) => (
        <Row key={label}>
          <Column style={cell}>{label}</Column>
          <Column style={right}>{formatRupees(amount)}</Column>
        </Row>
      ))}
      <Row>
        <Column style={{ ...cell, fontWeight: 700 }}>Total</Column>
        <Column style={{ ...right, fontWeight: 700 }}>{formatRupees(order.total)}</Column>
      </Row>
    </>
  );
}
