// `npm run bench:rider`: only the rider rows of `npm run bench` (an assignment on an open /rider,
// and /rider's first-load JS), on a stack of its own.
import { riderLatency } from "./rider";
import { riderRows } from "./table";
import { benchOneRow } from "./one-row";

benchOneRow("rider", "the rider's page open, orders assigned one at a time", async (stack, session, lines) => {
  const r = await riderLatency(stack.base, stack.browserBase, stack.databaseUrl, session, lines);
  return riderRows(r).map((row) => `${row.what}: ${row.value} (target ${row.target}) ${row.pass}`);
});
