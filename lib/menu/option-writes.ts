import "server-only";
import { Invalid } from "@/lib/errors";
import type { Transaction } from "@/lib/db/types";
import type { MenuItemUpdate, OptionGroupInput } from "@/lib/menu/schema";

// The §8 parts of an admin's menu write: diet, figures and allergens as columns, and the item's
// option groups replaced as a whole. Choices and groups sent with their id keep it (a cart or a
// customer's open chooser refers to it); the ones left out are removed. Past orders keep their
// copies of the options (order_lines.options), so removing a choice never changes them.

const choiceColumns = (c: OptionGroupInput["choices"][number], position: number) => ({
  name: c.name,
  price: c.price,
  available: c.available,
  isDefault: c.default,
  position,
});

/** A new item's groups, as Prisma's nested create. */
export function groupsCreate(groups: OptionGroupInput[]) {
  return {
    create: groups.map((g, position) => ({
      name: g.name,
      min: g.min,
      max: g.max,
      position,
      choices: { create: g.choices.map(choiceColumns) },
    })),
  };
}

/** Replaces item `itemId`'s groups by `groups`, inside the caller's transaction. An id that is not this item's is a 400 naming it. */
export async function replaceGroups(tx: Transaction, itemId: string, groups: NonNullable<MenuItemUpdate["optionGroups"]>): Promise<void> {
  const existing = await tx.menuOptionGroup.findMany({
    where: { menuItemId: itemId },
    select: { id: true, choices: { select: { id: true } } },
  });
  const choicesOf = new Map(existing.map((g) => [g.id, new Set(g.choices.map((c) => c.id))]));
  groups.forEach((g, i) => {
    if (g.id && !choicesOf.has(g.id)) throw new Invalid(`optionGroups.${i}.id: not a group of this item`, `optionGroups.${i}.id`);
    g.choices.forEach((c, j) => {
      if (c.id && !(g.id && choicesOf.get(g.id)?.has(c.id))) {
        throw new Invalid(`optionGroups.${i}.choices.${j}.id: not a choice of this group`, `optionGroups.${i}.choices.${j}.id`);
      }
    });
  });
  const keptGroups = groups.flatMap((g) => (g.id ? [g.id] : []));
  await tx.menuOptionGroup.deleteMany({ where: { menuItemId: itemId, id: { notIn: keptGroups } } });
  for (const [position, g] of groups.entries()) {
    if (!g.id) {
      await tx.menuOptionGroup.create({ data: { menuItemId: itemId, ...groupsCreate([g]).create[0], position }, select: { id: true } });
      continue;
    }
    const keptChoices = g.choices.flatMap((c) => (c.id ? [c.id] : []));
    await tx.menuOptionChoice.deleteMany({ where: { groupId: g.id, id: { notIn: keptChoices } } });
    await tx.menuOptionGroup.update({
      where: { id: g.id },
      data: { name: g.name, min: g.min, max: g.max, position },
      select: { id: true },
    });
    for (const [i, c] of g.choices.entries()) {
      if (c.id) await tx.menuOptionChoice.update({ where: { id: c.id }, data: choiceColumns(c, i), select: { id: true } });
      else await tx.menuOptionChoice.create({ data: { groupId: g.id, ...choiceColumns(c, i) }, select: { id: true } });
    }
  }
}
