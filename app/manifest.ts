import type { MetadataRoute } from "next";
import { SITE } from "@/lib/site";
import { THEME_COLOUR } from "@/lib/theme";

// /manifest.webmanifest (product.md §14): what a phone needs to add the shop to its home screen.
// Next links it from every page's <head>. The PNGs come from the logo (scripts/make-icons.ts).
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: `${SITE.name} · Fresh salads delivered in Bengaluru`,
    short_name: SITE.name,
    description: SITE.tagline,
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLOUR,
    background_color: "#ffffff",
    lang: "en-IN",
    categories: ["food", "shopping"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
