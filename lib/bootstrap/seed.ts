import type { PrismaClient } from "@/lib/generated/prisma/client";
import { catalogue, imageFor } from "@/prisma/catalogue";

/** Seeds categories and the 18 salads when the catalogue is empty; returns how many items were added. */
export async function seedMenuIfEmpty(prisma: PrismaClient): Promise<number> {
  return prisma.$transaction(async (tx) => {
    // Serialise concurrent starts so two instances never seed twice.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(72707370)`;
    if ((await tx.menuItem.count()) > 0) return 0;
    let added = 0;
    for (const [position, category] of catalogue.entries()) {
      const row = await tx.category.upsert({
        where: { slug: category.slug },
        update: {},
        create: { slug: category.slug, name: category.name, position },
      });
      await tx.menuItem.createMany({
        data: category.items.map((item, i) => ({
          slug: item.slug,
          name: item.name,
          description: item.description,
          categoryId: row.id,
          image: imageFor(item.slug),
          priceSmall: item.prices[0],
          priceMedium: item.prices[1],
          priceLarge: item.prices[2],
          position: i,
        })),
      });
      added += category.items.length;
    }
    return added;
  });
}
