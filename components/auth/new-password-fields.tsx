import { PasswordField } from "@/components/auth/password-field";

/** A new password, with the rule it must meet, and the same typed again (register, reset password). */
export function NewPasswordFields({ label, errors }: { label: string; errors: { password?: string; confirmPassword?: string } }) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        required
        hint="At least 8 characters. Avoid common passwords."
        name="password"
        error={errors.password}
      />
      <PasswordField label="Confirm password" autoComplete="new-password" required name="confirmPassword" error={errors.confirmPassword} />
    </>
  );
}
