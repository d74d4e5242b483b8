// Runs `prisma generate` without the native schema engine.
// Prisma 7 tries to download the engine first, which fails on offline machines, yet
// generating the client does not need it: pointing PRISMA_SCHEMA_ENGINE_BINARY at any
// executable skips the download. Machines with network access are unaffected.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && existsSync("/bin/true")) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = "/bin/true";
}
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
