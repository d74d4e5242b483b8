import { existsSync } from "node:fs";

// The browser the tests drive. Debian's headless shell first: the tests never need a window, and
// the shell does without the full browser's compositor and UI, a large part of the end-to-end
// suite's CPU on two cores. Then Debian's Chromium, else Playwright's own (undefined).
const DEBIAN = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export function testBrowserPath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? DEBIAN.find((path) => existsSync(path));
}
