import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

// The landing page's illustration, drawn into the page itself rather than loaded as an <img>:
// on a phone's connection the picture then appears with the page's first paint instead of a
// round trip later, and the largest thing painted is the headline, there from the start
// (Lighthouse mobile put the page's LCP at 2.0–3.0 s waiting on the image). next.config.ts
// traces the file into the page's server bundle for hosts that do not ship public/.
const FILE = path.join(process.cwd(), "public", "images", "hero.svg");

let prefixed: string | undefined;

/** The SVG with its ids prefixed (they share the page's id space now), sized by the page. */
function prefixedSvg(): string {
  prefixed ??= readFileSync(FILE, "utf8")
    .replace(/\sid="([^"]+)"/g, ' id="hero-$1"')
    .replace(/href="#([^"]+)"/g, 'href="#hero-$1"')
    .replace(/url\(#([^)]+)\)/g, "url(#hero-$1)")
    .replace(/aria-labelledby="([^"]+)"/, 'aria-labelledby="hero-$1"')
    // Its viewBox keeps the proportions; the page gives the width.
    .replace(/^<svg([^>]*?)\swidth="\d+" height="\d+"/, '<svg$1 class="h-auto w-full"');
  return prefixed;
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function HeroArt({ label }: { label: string }) {
  // The SVG's own <title> names it (role="img", aria-labelledby): it gets the page's wording.
  const svg = prefixedSvg().replace(
    /(<title id="[^"]+">)[^<]*(<\/title>)/,
    (_, open: string, close: string) => open + escapeText(label) + close,
  );
  return <div dangerouslySetInnerHTML={{ __html: svg }} />;
}
