import { OAuthProviderButtons } from "@/components/auth/oauth-provider-buttons";
import { ProviderButton, type Provider } from "@/components/auth/provider-button";

/**
 * Google and Facebook sign-in through next-auth; shown disabled with a hint when not
 * configured. Rendered on the server: with neither provider configured the page ships no
 * script for them at all.
 */
export function OAuthButtons({
  googleEnabled,
  facebookEnabled,
  callbackUrl,
}: {
  googleEnabled: boolean;
  facebookEnabled: boolean;
  callbackUrl: string;
}) {
  const providers: Provider[] = [
    { id: "google", label: "Google", enabled: googleEnabled },
    { id: "facebook", label: "Facebook", enabled: facebookEnabled },
  ];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs tracking-wide text-stone-500 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      {providers.some((p) => p.enabled) ? (
        <OAuthProviderButtons providers={providers} callbackUrl={callbackUrl} />
      ) : (
        providers.map((p) => <ProviderButton key={p.id} provider={p} />)
      )}
    </div>
  );
}
