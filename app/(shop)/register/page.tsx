import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = {
  title: "Sign up",
  description: "Create a Fresh Bowl account and get fresh salads delivered to your door.",
  alternates: { canonical: "/register" },
};

export default function RegisterPage() {
  return (
    <AuthCard
      title="Sign up"
      intro="Create your account. We will e-mail you a link to confirm it."
      footer={
        <>
          Already have an account?{" "}
          <Link href="/login" className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
            Login
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
