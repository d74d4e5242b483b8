"use client";

import { lazy, Suspense, type ReactNode } from "react";
import { useSignedIn } from "@/lib/auth/signed-in";

// The heart on a menu card (product.md §13). Prerendered for everyone as the signed-out heart, a
// link that asks the visitor to sign in and brings them back; the working button, and the calls
// behind it, load only once someone is signed in, so a visitor's first load carries neither.
// Its look and its icon come from the server (heart-icon.tsx).

const HeartButton = lazy(() => import("@/components/shop/heart-button"));

type Props = { id: string; name: string; children: ReactNode };

function SignInHeart({ name, children }: Omit<Props, "id">) {
  return (
    <a
      href="/login?next=%2Fmenu"
      // Back to the page the heart was on, with its query.
      onClick={(event) => (event.currentTarget.href = `/login?next=${encodeURIComponent(location.pathname + location.search)}`)}
      aria-label={`Save ${name} to favourites`}
      title="Sign in to keep your favourites"
    >
      {children}
    </a>
  );
}

export function FavouriteHeart(props: Props) {
  const signedIn = useSignedIn((s) => Boolean(s.user));
  const signIn = <SignInHeart {...props} />;
  return signedIn ? (
    <Suspense fallback={signIn}>
      <HeartButton {...props} />
    </Suspense>
  ) : (
    signIn
  );
}
