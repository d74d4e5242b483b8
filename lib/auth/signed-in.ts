import { create } from "zustand";
import type { PublicUser } from "@/lib/auth/types";

// Who is signed in, as the browser knows it: every page is prerendered without the visitor, so
// the header asks GET /api/session once a page is in the browser; signing in and out set it
// directly. A plain fetch rather than lib/api-client: the header is on every page, and the
// client's error handling is page weight it does not need (a failed answer changes nothing).

type SignedIn = {
  /** undefined until the first answer; null when nobody is signed in. */
  user: PublicUser | null | undefined;
};

export const useSignedIn = create<SignedIn>()(() => ({ user: undefined }));

export function setSignedInUser(user: PublicUser | null): void {
  useSignedIn.setState({ user });
}

let asking: Promise<void> | null = null;

/** Asks the server again; an unreachable server leaves what is known. */
export function refreshSignedIn(): Promise<void> {
  asking ??= fetch("/api/session", { headers: { Accept: "application/json" }, cache: "no-store" })
    .then(async (res) => {
      if (res.ok) setSignedInUser(((await res.json()) as { user: PublicUser | null }).user);
    })
    .catch(() => undefined)
    .finally(() => {
      asking = null;
    });
  return asking;
}
