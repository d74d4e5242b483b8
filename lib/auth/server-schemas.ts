import { registerApiSchema, resetPasswordApiSchema } from "@/lib/schemas";
import { isCommonPassword } from "@/lib/auth/password";

// The API's schemas plus the common-password check, which needs the 49k-word list and
// therefore stays out of the browser bundle.

const COMMON = "This password is too common. Please choose a less common one.";

export const registerServerSchema = registerApiSchema.refine((v) => !isCommonPassword(v.password), {
  message: COMMON,
  path: ["password"],
});

export const resetPasswordServerSchema = resetPasswordApiSchema.refine((v) => !isCommonPassword(v.password), {
  message: COMMON,
  path: ["password"],
});
