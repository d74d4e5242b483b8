import { describe, expect, it } from "vitest";
import { joinNameParts, loginSchema, registerFormSchema, resetPasswordFormSchema } from "@/lib/auth/schema";

const valid = {
  firstName: "Asha",
  middleName: "",
  lastName: "Rao",
  email: "asha@example.com",
  password: "crunchy-greens-42",
  confirmPassword: "crunchy-greens-42",
};

function messagesFor(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) {
  return (result.error?.issues ?? []).filter((i) => i.path.join(".") === field).map((i) => i.message);
}

describe("registerFormSchema", () => {
  it("accepts a complete form", () => {
    expect(registerFormSchema.safeParse(valid).success).toBe(true);
  });

  it("reports mismatched passwords under Confirm password", () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: "crunchy-greens-43" });
    expect(result.success).toBe(false);
    expect(messagesFor(result, "confirmPassword")).toEqual(["Passwords do not match"]);
    expect(messagesFor(result, "password")).toEqual([]);
  });

  it("treats the middle name as optional, and trims it", () => {
    expect(registerFormSchema.safeParse({ ...valid, middleName: "" }).success).toBe(true);
    const parsed = registerFormSchema.parse({ ...valid, middleName: "   " });
    expect(parsed.middleName).toBe("");
    expect(registerFormSchema.parse({ ...valid, middleName: "  Devi " }).middleName).toBe("Devi");
  });

  it("requires first and last name", () => {
    const result = registerFormSchema.safeParse({ ...valid, firstName: "  ", lastName: "" });
    expect(messagesFor(result, "firstName")).toEqual(["First name is required"]);
    expect(messagesFor(result, "lastName")).toEqual(["Last name is required"]);
  });

  it("trims and lower-cases the e-mail", () => {
    expect(registerFormSchema.parse({ ...valid, email: "  Asha.Rao@Example.COM " }).email).toBe("asha.rao@example.com");
  });

  it("refuses an invalid e-mail", () => {
    const result = registerFormSchema.safeParse({ ...valid, email: "asha-at-example" });
    expect(messagesFor(result, "email")).toEqual(["Enter a valid email address"]);
  });

  it("accepts passwords of 8 to 128 characters and nothing outside that", () => {
    const at = (n: number) => registerFormSchema.safeParse({ ...valid, password: "x".repeat(n), confirmPassword: "x".repeat(n) });
    expect(at(7).success).toBe(false);
    expect(messagesFor(at(7), "password")).toEqual(["Password must be at least 8 characters"]);
    expect(at(8).success).toBe(true);
    expect(at(128).success).toBe(true);
    expect(at(129).success).toBe(false);
    expect(messagesFor(at(129), "password")).toEqual(["Password must be at most 128 characters"]);
  });

  it("accepts names in any script and with punctuation, verbatim", () => {
    const parsed = registerFormSchema.parse({ ...valid, firstName: "Zoë", middleName: "ಕನ್ನಡ", lastName: "O'Brien <b>" });
    expect([parsed.firstName, parsed.middleName, parsed.lastName]).toEqual(["Zoë", "ಕನ್ನಡ", "O'Brien <b>"]);
  });

  it("refuses control characters in names", () => {
    expect(registerFormSchema.safeParse({ ...valid, firstName: "As\u0000ha" }).success).toBe(false);
  });
});

describe("joinNameParts", () => {
  it("joins the non-empty parts with single spaces", () => {
    expect(joinNameParts("Asha", "", "Rao")).toBe("Asha Rao");
    expect(joinNameParts(" Asha ", " Devi", "Rao ")).toBe("Asha Devi Rao");
    expect(joinNameParts("Asha", undefined, "  ", "Rao")).toBe("Asha Rao");
    expect(joinNameParts("", "  ")).toBe("");
  });
});

describe("loginSchema", () => {
  it("normalises the e-mail and keeps the password as typed", () => {
    expect(loginSchema.parse({ email: " Asha@Example.com ", password: " secret with spaces " })).toEqual({
      email: "asha@example.com",
      password: " secret with spaces ",
    });
  });

  it("requires both fields", () => {
    const result = loginSchema.safeParse({ email: "", password: "" });
    expect(messagesFor(result, "email")).toContain("Email is required");
    expect(messagesFor(result, "password")).toEqual(["Password is required"]);
  });

  it("does not apply the sign-up length rule to sign-in (old passwords still work)", () => {
    expect(loginSchema.safeParse({ email: "a@example.com", password: "short" }).success).toBe(true);
  });
});

describe("resetPasswordFormSchema", () => {
  it("reports mismatched passwords with the same message", () => {
    const result = resetPasswordFormSchema.safeParse({ password: "crunchy-greens-42", confirmPassword: "crunchy-greens-24" });
    expect(messagesFor(result, "confirmPassword")).toEqual(["Passwords do not match"]);
  });
});

describe("password confirmation", () => {
  it("reports a mismatch even while other fields are still invalid", () => {
    const result = registerFormSchema.safeParse({
      firstName: "",
      middleName: "",
      lastName: "",
      email: "not-an-email",
      password: "crunchy-greens-42",
      confirmPassword: "crunchy-greens-43",
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.filter((i) => i.path.join(".") === "confirmPassword").map((i) => i.message);
    expect(messages).toContain("Passwords do not match");
  });
});
