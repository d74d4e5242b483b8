import { readBody, rowRoute } from "@/lib/http";
import { requireUser } from "@/lib/auth/session";
import { addressChangeSchema } from "@/lib/addresses/schema";
import { deleteAddress, updateAddress } from "@/lib/addresses/writes";

// One saved address of the signed-in customer (product.md §13); someone else's is not found.
export const PUT = rowRoute(requireUser, async (user, id, req) => updateAddress(user, id, await readBody(req, addressChangeSchema)));

export const DELETE = rowRoute(requireUser, deleteAddress);
