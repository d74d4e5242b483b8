import type { ReactNode } from "react";
import { Panel } from "@/components/ui/panel";

type Props = {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: string;
  /** A link or button beside the heading (the address's "Change"). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** One titled card of the payment step: a section named by its heading, the action beside it. */
export function CheckoutCard({ id, title, action, className = "", children }: Props) {
  const heading = (
    <h2 id={id} className={`text-lg font-bold ${action ? "" : "mb-2"}`}>
      {title}
    </h2>
  );
  return (
    <Panel aria-labelledby={id} className={className}>
      {action ? (
        <div className="flex items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </Panel>
  );
}
