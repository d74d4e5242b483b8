import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true from the render after.
 * Static pages read the query string through it: `useSearchParams()` during a prerender makes
 * Next render that part in the browser only (a client-rendered boundary), and a fully static page
 * with such a boundary came out with scripts after its `</html>` (invalid HTML).
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
