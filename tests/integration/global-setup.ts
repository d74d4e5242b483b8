import type { TestProject } from "vitest/node";
import { startTestServer } from "@/tests/support/database";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A database on the run's PostgreSQL server to connect to for creating databases of one's
     * own. It is not the shop's database: that is DATABASE_URL, one per worker (setup.ts).
     */
    databaseUrl: string;
    /** The migrated template each worker's database is copied from. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide("databaseUrl", server.adminUrl);
  project.provide("templateDatabase", server.template);
  return () => server.stop();
}
