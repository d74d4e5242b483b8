import { readBody, rowRoute } from "@/lib/http";
import { requireAdmin } from "@/lib/auth/session";
import { deleteMenuItem, updateMenuItem } from "@/lib/menu/writes";
import { menuItemUpdateSchema } from "@/lib/menu/schema";

export const PUT = rowRoute(requireAdmin, async (admin, id, req) => updateMenuItem(admin, id, await readBody(req, menuItemUpdateSchema)));

export const DELETE = rowRoute(requireAdmin, deleteMenuItem);
