import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/env";

// Settings (environment variables read through lib/env.ts) changed for a while in a test process,
// then put back as they were.

type Settings = Record<string, string | undefined>;

/** Sets `values` (undefined: unset) and returns what puts the previous ones back. */
export function changeSettings(values: Settings): () => void {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (settings: Settings) => {
    for (const [name, value] of Object.entries(settings)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  };
  apply(values);
  return () => apply(before);
}

/** `values` for every test of the file (or the describe block) this is called in. */
export function settingsForThisFile(values: Settings) {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = changeSettings(values);
  });
  afterAll(() => restore?.());
}
