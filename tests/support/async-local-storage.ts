import { AsyncLocalStorage } from "node:async_hooks";

// Next's server puts AsyncLocalStorage on globalThis before loading any of its modules; without
// it Next makes stand-ins whose run() throws. Imported first by request-scope.ts, so it must be
// imported before anything that loads next/headers (a route file, lib/auth/session).
const g = globalThis as { AsyncLocalStorage?: typeof AsyncLocalStorage };
g.AsyncLocalStorage ??= AsyncLocalStorage;
