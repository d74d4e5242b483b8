import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmEmail } from "@/components/auth/confirm-email";

// Per visitor (the session, the address's token or query): rendered for each request, not prerendered.
export const instant = false;

export const metadata: Metadata = {
  title: "Confirm email",
  robots: { index: false, follow: false },
  // The token is in the path: keep it out of the Referer sent to other sites.
  referrer: "no-referrer",
};

export default async function ConfirmPage({ params }: PageProps<"/confirm/[token]">) {
  const { token } = await params;
  return (
    <AuthCard title="Confirm email">
      <ConfirmEmail token={token} />
    </AuthCard>
  );
}
