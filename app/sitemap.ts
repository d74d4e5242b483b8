import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { env } from "@/lib/env";
import { getCategories } from "@/lib/menu/queries";

// Built per request from the database (there is none during `next build`), through the
// menu cache that admin changes expire.
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const base = env().appUrl;
  const categories = await getCategories();
  return [
    { url: `${base}/`, changeFrequency: "daily", priority: 1 },
    { url: `${base}/menu`, changeFrequency: "daily", priority: 0.9 },
    { url: `${base}/policies`, changeFrequency: "monthly", priority: 0.3 },
    ...categories.map((c) => ({
      url: `${base}/menu?category=${encodeURIComponent(c.slug)}`,
      changeFrequency: "daily" as const,
      priority: 0.8,
    })),
  ];
}
