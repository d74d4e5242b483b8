import "server-only";
import { db } from "@/lib/db";
import { isRecordNotFound, isUniqueViolation } from "@/lib/db/errors";
import { looksLikeRowId } from "@/lib/db/schema";
import { Invalid, NotFound } from "@/lib/errors";
import { assertAdmin } from "@/lib/auth/authorize";
import type { SessionUser } from "@/lib/auth/session";
import type { MenuItemInput, MenuItemUpdate } from "@/lib/menu/schema";
import { PLACEHOLDER_IMAGE } from "@/lib/menu/image-url";
import { pricesFrom, slugify } from "@/lib/menu/rules";
import { itemSelect, toApiItem, toView } from "@/lib/menu/rows";
import { queryCategories } from "@/lib/menu/queries";
import { expireMenu } from "@/lib/menu/cache";
import type { ApiMenuItem, MenuCategory } from "@/lib/menu/types";
import { groupsCreate, replaceGroups } from "@/lib/menu/option-writes";
import { factColumns } from "@/lib/menu/fact-columns";

// Admin changes to the catalogue, admins only (the acting user is checked here, whoever calls).
// Each one expires the menu cache (cache.ts), so the cached pages and /api/menu show it on the
// next request.

// A category by its slug, or by its name in any case. Compared here, not in SQL: Prisma runs a
// case-insensitive `equals` as an unescaped ILIKE, so "%" or "Veg_Salads" matched a category and
// a lone backslash was a 500 (found by tests/integration/fuzz-menu.test.ts). There are a handful.
async function resolveCategory(ref: string): Promise<MenuCategory> {
  const known = await queryCategories();
  const wanted = ref.toLowerCase();
  const category = known.find((c) => c.slug === wanted || c.name.toLowerCase() === wanted);
  if (category) return category;
  throw new Invalid(`Unknown category "${ref}". Use one of: ${known.map((c) => c.name).join(", ")}`, "category");
}

async function uniqueSlug(base: string): Promise<string> {
  const taken = new Set(
    (await db().menuItem.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function nextPosition(categoryId: string): Promise<number> {
  const { _max } = await db().menuItem.aggregate({ where: { categoryId }, _max: { position: true } });
  return (_max.position ?? -1) + 1;
}

export async function createMenuItem(actor: SessionUser, input: MenuItemInput): Promise<ApiMenuItem> {
  assertAdmin(actor);
  const category = await resolveCategory(input.category);
  const prices = pricesFrom(input);
  if (!prices) throw new Invalid("Price is required", "price");
  const position = await nextPosition(category.id);
  const base = slugify(input.name);
  // Two admins adding the same name at once: the unique index decides, and the loser retries.
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db().menuItem.create({
        data: {
          slug: await uniqueSlug(base),
          name: input.name,
          description: input.description ?? "",
          categoryId: category.id,
          image: input.image || PLACEHOLDER_IMAGE,
          priceSmall: prices.small,
          priceMedium: prices.medium,
          priceLarge: prices.large,
          available: input.available ?? true,
          position,
          ...factColumns(input),
          ...(input.optionGroups ? { optionGroups: groupsCreate(input.optionGroups) } : {}),
        },
        select: itemSelect,
      });
      expireMenu();
      return toApiItem(toView(row));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/**
 * Changes only the fields sent. The slug stays as it was, so links to the item keep working
 * after a rename. `price` alone re-derives Medium and Large exactly as on create.
 */
export async function updateMenuItem(actor: SessionUser, id: string, input: MenuItemUpdate): Promise<ApiMenuItem> {
  assertAdmin(actor);
  if (!looksLikeRowId(id)) throw new NotFound("Menu item not found.");
  const existing = await db().menuItem.findUnique({ where: { id }, select: { id: true, categoryId: true } });
  if (!existing) throw new NotFound("Menu item not found.");
  const category = input.category === undefined ? undefined : await resolveCategory(input.category);
  const prices = pricesFrom(input);
  const moved = category && category.id !== existing.categoryId;
  const position = moved ? await nextPosition(category.id) : undefined;
  const { optionGroups } = input;
  try {
    // One transaction: the item and its groups change together, or not at all.
    const row = await db().$transaction(async (tx) => {
      if (optionGroups) await replaceGroups(tx, id, optionGroups);
      return tx.menuItem.update({
        where: { id },
        data: {
          name: input.name,
          description: input.description,
          image: input.image === undefined ? undefined : input.image || PLACEHOLDER_IMAGE,
          available: input.available,
          ...(prices ? { priceSmall: prices.small, priceMedium: prices.medium, priceLarge: prices.large } : {}),
          ...(moved ? { categoryId: category.id, position } : {}),
          ...factColumns(input),
        },
        select: itemSelect,
      });
    });
    expireMenu();
    return toApiItem(toView(row));
  } catch (error) {
    // Deleted by someone else between the read and the write.
    if (isRecordNotFound(error)) throw new NotFound("Menu item not found.");
    throw error;
  }
}

/** Past orders keep their lines: order_lines.menu_item_id is set to NULL, name and prices stay. */
export async function deleteMenuItem(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(actor);
  if (!looksLikeRowId(id)) throw new NotFound("Menu item not found.");
  try {
    await db().menuItem.delete({ where: { id }, select: { id: true } });
  } catch (error) {
    if (isRecordNotFound(error)) throw new NotFound("Menu item not found.");
    throw error;
  }
  expireMenu();
  return { message: "Menu item deleted." };
}
