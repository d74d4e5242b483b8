import type { ReactNode } from "react";
import { Panel } from "@/components/ui/panel";

/** The centred card every account page sits in. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md py-2 sm:py-8">
      <Panel padding="xl" aria-labelledby="auth-title">
        <h1 id="auth-title" className="text-2xl font-bold text-stone-900">
          {title}
        </h1>
        {intro ? <div className="mt-1 text-sm text-stone-600">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </Panel>
      {footer ? <div className="mt-4 text-center text-sm text-stone-700">{footer}</div> : null}
    </div>
  );
}
