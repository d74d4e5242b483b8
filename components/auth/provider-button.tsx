import { buttonClass } from "@/components/ui/button";

export type Provider = { id: "google" | "facebook"; label: string; enabled: boolean };

/** A provider's button, with the hint below it when the provider is not configured. */
export function ProviderButton({
  provider: p,
  busy = null,
  onClick,
}: {
  provider: Provider;
  busy?: Provider["id"] | null;
  onClick?: () => void;
}) {
  const hintId = `oauth-${p.id}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={buttonClass("secondary", "w-full")}
        disabled={!p.enabled || busy !== null}
        aria-describedby={p.enabled ? undefined : hintId}
        onClick={onClick}
      >
        {busy === p.id ? `Opening ${p.label}…` : `Continue with ${p.label}`}
      </button>
      {p.enabled ? null : (
        <p id={hintId} className="text-center text-xs text-stone-600">
          {p.label} sign-in is not configured
        </p>
      )}
    </div>
  );
}
