// `npm run db:seed` / `prisma db seed`: seeds the menu into DATABASE_URL when its catalogue is empty.
import { db, disconnectDb } from "@/lib/db";
import { seedMenuIfEmpty } from "@/lib/bootstrap/seed";

const added = await seedMenuIfEmpty(db());
console.log(added ? `Seeded ${added} menu items.` : "Menu already has items; nothing seeded.");
await disconnectDb();
