import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { nextAuthRoute } from "@/lib/auth/nextauth-route";

const handler = nextAuthRoute((req, ctx) => NextAuth(authOptions())(req, ctx));

export { handler as GET, handler as POST };
