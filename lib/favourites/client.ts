import { refreshSignedIn, useSignedIn } from "@/lib/auth/signed-in";
import { useKept } from "@/lib/favourites/kept";

// The hearts' calls to GET, PUT and DELETE /api/favourites, for someone signed in. Plain fetch, as
// the header's session check: what fails leaves the hearts as the server last said.

let askedFor: string | null = null;

// Another account, or none: what was known was someone else's.
useSignedIn.subscribe(({ user }) => {
  if ((user?.id ?? null) === askedFor) return;
  askedFor = null;
  useKept.setState({ ids: null });
});

/** Asks the server once per account which bowls it keeps. */
export function loadKept(): void {
  const user = useSignedIn.getState().user;
  if (!user || askedFor === user.id) return;
  askedFor = user.id;
  fetch("/api/favourites", { headers: { Accept: "application/json" }, cache: "no-store" })
    .then(async (res) => {
      if (!res.ok) throw res;
      const kept = (await res.json()) as Array<{ menuItemId: string }>;
      if (askedFor === user.id) useKept.setState({ ids: new Set(kept.map((f) => f.menuItemId)) });
    })
    .catch((failure: unknown) => {
      if (askedFor === user.id) askedFor = null;
      if (failure instanceof Response && failure.status === 401) void refreshSignedIn();
    });
}

function mark(id: string, on: boolean): void {
  useKept.setState(({ ids }) => {
    if (!ids) return {};
    const next = new Set(ids);
    if (on) next.add(id);
    else next.delete(id);
    return { ids: next };
  });
}

/** Keeps the bowl or lets it go, shown at once; false (and put back) when the server said no. */
export async function keep(id: string, on: boolean): Promise<boolean> {
  mark(id, on);
  try {
    const res = await fetch(`/api/favourites/${encodeURIComponent(id)}`, {
      method: on ? "PUT" : "DELETE",
      headers: { Accept: "application/json" },
    });
    if (res.ok) return true;
    if (res.status === 401) void refreshSignedIn();
  } catch {
    // Offline or the server away: put it back below.
  }
  mark(id, !on);
  return false;
}
