import { z } from "zod";
import { printable } from "@/lib/validation";
import { dropBidiControls } from "@/lib/text";

// The account forms' and handlers' schemas (sign in, register, reset password). The server adds
// the common-password check (lib/auth/password.ts), whose 49k-word list stays out of the browser.
// The account forms load this module when first focused, not with the page (zod is ~30 kB of
// compressed script: Turbopack keeps all of it, zod/mini too, however little a form uses).

const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024, "Password is too long"),
});

export const registerApiSchema = z.object({
  name: printable("Name", 150),
  email: emailSchema,
  password: passwordSchema,
});

/**
 * "Passwords do not match" on the confirm field, checked as soon as both password fields are
 * filled in, even while other fields (name, e-mail) still have errors.
 */
const passwordsMatch = {
  message: "Passwords do not match",
  path: ["confirmPassword"],
  when: (payload: z.core.ParsePayload) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof v?.password === "string" && typeof v.confirmPassword === "string" && v.confirmPassword.length > 0;
  },
};

export const registerFormSchema = z
  .object({
    firstName: printable("First name", 50),
    middleName: z.string().overwrite(dropBidiControls).trim().max(50, "Middle name must be at most 50 characters"),
    lastName: printable("Last name", 50),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);

export { joinNameParts } from "@/lib/auth/names";

export const emailOnlySchema = z.object({ email: emailSchema });

export const resetPasswordApiSchema = z.object({ password: passwordSchema });

export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, "Please confirm your password") })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch);
