import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { env } from "@/lib/env";

// At request time, so the sitemap URL follows APP_URL as the server runs, not as it was built.
// /cart is not disallowed: a crawler (signed out) is sent to /login from it anyway, and a
// disallowed or noindex /cart fails Lighthouse's SEO check for the page customers use most.
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  const base = env().appUrl;
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/admin", "/api", "/checkout", "/orders", "/order-success"] },
    sitemap: `${base}/sitemap.xml`,
  };
}
