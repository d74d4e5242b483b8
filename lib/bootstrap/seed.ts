import { namedStatement, runIn } from "@/lib/db/named-sql";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { catalogue, imageFor } from "@/prisma/catalogue";
import { facts, nutritionOf, optionGroupsOf } from "@/prisma/catalogue-facts";
import { factColumns } from "@/lib/menu/fact-columns";

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** The §8 facts of opening salad `slug` as menu_items columns. */
const factsOf = (slug: string) =>
  factColumns({ diet: facts[slug].diet, nutrition: nutritionOf(slug), allergens: [...facts[slug].allergens] });

function groupsCreate(slug: string, categorySlug: string) {
  return {
    create: optionGroupsOf(slug, categorySlug).map((g, position) => ({
      name: g.name,
      min: g.min,
      max: g.max,
      position,
      choices: { create: g.choices.map((c, i) => ({ name: c.name, price: c.price, isDefault: c.isDefault ?? false, position: i })) },
    })),
  };
}

/**
 * A catalogue seeded before §8 (or before these facts): the opening salads, found by slug, get
 * their diet, figures and allergens if they have no figures yet, and their option groups if they
 * have none. Names, prices and anything an admin set are left as they are.
 */
async function fillMissingFacts(tx: Tx): Promise<void> {
  const slugs = catalogue.flatMap((c) => c.items.map((i) => i.slug));
  const rows = await tx.menuItem.findMany({
    where: { slug: { in: slugs }, OR: [{ kcalSmall: null }, { optionGroups: { none: {} } }] },
    select: { id: true, slug: true, kcalSmall: true, _count: { select: { optionGroups: true } } },
  });
  for (const row of rows) {
    const categorySlug = catalogue.find((c) => c.items.some((i) => i.slug === row.slug))!.slug;
    await tx.menuItem.update({
      where: { id: row.id },
      data: {
        ...(row.kcalSmall === null ? factsOf(row.slug) : {}),
        ...(row._count.optionGroups === 0 ? { optionGroups: groupsCreate(row.slug, categorySlug) } : {}),
      },
      select: { id: true },
    });
  }
}

const SEED_LOCK = namedStatement("seed-lock", `SELECT pg_advisory_xact_lock(72707370)`);

/**
 * Seeds categories and the 18 salads when the catalogue is empty, and fills the §8 facts and
 * option groups an earlier seed did not have; returns how many items were added.
 */
export async function seedMenuIfEmpty(prisma: PrismaClient): Promise<number> {
  return prisma.$transaction(
    async (tx) => {
      // Serialise concurrent starts so two instances never seed twice.
      await runIn(tx, SEED_LOCK({}));
      if ((await tx.menuItem.count()) > 0) {
        await fillMissingFacts(tx);
        return 0;
      }
      let added = 0;
      for (const [position, category] of catalogue.entries()) {
        const row = await tx.category.upsert({
          where: { slug: category.slug },
          update: {},
          create: { slug: category.slug, name: category.name, position },
        });
        for (const [i, item] of category.items.entries()) {
          await tx.menuItem.create({
            data: {
              slug: item.slug,
              name: item.name,
              description: item.description,
              categoryId: row.id,
              image: imageFor(item.slug),
              priceSmall: item.prices[0],
              priceMedium: item.prices[1],
              priceLarge: item.prices[2],
              position: i,
              ...factsOf(item.slug),
              optionGroups: groupsCreate(item.slug, category.slug),
            },
            select: { id: true },
          });
        }
        added += category.items.length;
      }
      return added;
    },
    { timeout: 30_000 },
  );
}
