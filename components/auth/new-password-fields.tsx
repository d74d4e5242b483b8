import type { UseFormRegisterReturn } from "react-hook-form";
import { PasswordField } from "@/components/auth/password-field";

/** A new password, with the rule it must meet, and the same typed again (register, reset password). */
type Props = {
  label: string;
  errors: { password?: string; confirmPassword?: string };
  /** The form's react-hook-form registration of each input. */
  field: (name: "password" | "confirmPassword") => UseFormRegisterReturn;
};

export function NewPasswordFields({ label, errors, field }: Props) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        required
        hint="At least 8 characters. Avoid common passwords."
        error={errors.password}
        {...field("password")}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        {...field("confirmPassword")}
      />
    </>
  );
}
