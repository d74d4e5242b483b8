import type { ApiOrder } from "@/lib/orders/types";
import { isActiveStatus } from "@/lib/orders/kitchen-rules";
import { firstNameOf, telHref } from "@/lib/riders/names";
import { Panel } from "@/components/ui/panel";
import { buttonClass } from "@/components/ui/button";

// Who brings the order (product.md §12): once a rider is assigned their first name, and while it
// is out for delivery a call link and the code the customer gives at the door (present only for
// the owner and admins: the server leaves it out for anyone else).

export function RiderComing({ order }: { order: Pick<ApiOrder, "status" | "rider" | "handoverCode"> }) {
  const { rider, status, handoverCode } = order;
  if (!rider || !isActiveStatus(status)) return null;
  const first = firstNameOf(rider.name);
  const onTheWay = status === "out_for_delivery";
  return (
    <Panel aria-labelledby="rider-coming">
      <h2 id="rider-coming" className="text-lg font-bold">
        {first} is bringing your order
      </h2>
      {onTheWay && rider.phone && (
        <a href={telHref(rider.phone)} className={buttonClass("secondary", "mt-3 min-h-11")}>
          Call {first}
        </a>
      )}
      {onTheWay && handoverCode && (
        <p className="mt-3 text-base">
          Give the rider this code:{" "}
          <strong className="ml-1 inline-block text-3xl font-extrabold tracking-[0.3em] tabular-nums" data-testid="handover-code">
            {handoverCode}
          </strong>
        </p>
      )}
    </Panel>
  );
}
