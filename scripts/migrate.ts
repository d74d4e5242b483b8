// `npm run db:migrate`: applies pending migrations to DATABASE_URL.
import { migrate } from "@/lib/db/migrate";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Set DATABASE_URL first (npm run dev / npm start migrate the embedded database themselves).");
  process.exit(1);
}
const { applied } = await migrate(url);
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Nothing to apply.");
