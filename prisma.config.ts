import { defineConfig } from "prisma/config";

// The datasource URL is only needed by Prisma's own CLI (migrate deploy, studio) on machines
// that can run its schema engine; the app connects through @prisma/adapter-pg (lib/db.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx --import ./scripts/server-only.mjs prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/freshbowl" },
});
