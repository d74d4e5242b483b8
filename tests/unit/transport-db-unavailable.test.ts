// isDatabaseUnavailable against the errors pg and Prisma really throw when the database is away:
// nothing listening, a server that accepts and hangs up, one that never answers, a full pool.
// (A server-side shutdown, 57P01, is provoked on a real PostgreSQL in the integration test.)
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { Client, DatabaseError, Pool } from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { Conflict, Invalid } from "@/lib/errors";
import { closedPort } from "@/tests/support/net";
import { thrown } from "@/tests/support/thrown";

const servers: Server[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** A TCP server that does `onConnection` with every client, on a free port. */
async function tcp(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as { port: number }).port;
}

const url = (port: number) => `postgres://shop:secret@127.0.0.1:${port}/shop`;

describe("isDatabaseUnavailable: real errors from an unreachable database", () => {
  it("pg: connection refused", async () => {
    const client = new Client({ connectionString: url(await closedPort()) });
    const error = await thrown(() => client.connect());
    expect((error as { code?: string }).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("pg: the server hangs up at once (a restart)", async () => {
    const port = await tcp((socket) => socket.destroy());
    const pool = new Pool({ connectionString: url(port) });
    const error = await thrown(() => pool.query("SELECT 1"));
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("pg: the pool cannot get a connection in time (a full pool, a server that does not answer)", async () => {
    const port = await tcp(() => undefined);
    const pool = new Pool({ connectionString: url(port), max: 1, connectionTimeoutMillis: 100 });
    const error = await thrown(() => pool.query("SELECT 1"));
    await pool.end().catch(() => undefined);
    expect(String((error as Error).message)).toMatch(/timeout/i);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("Prisma through the pg adapter: refused, and hung up", async () => {
    for (const port of [await closedPort(), await tcp((socket) => socket.destroy())]) {
      const pool = new Pool({ connectionString: url(port) });
      const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
      const raw = await thrown(() => prisma.$queryRaw`SELECT 1`);
      const model = await thrown(() => prisma.user.findFirst());
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
      expect(isDatabaseUnavailable(raw), String(raw)).toBe(true);
      expect(isDatabaseUnavailable(model), String(model)).toBe(true);
    }
  });

  it("Prisma: a transaction that cannot start in time because every connection is busy (P2028)", async () => {
    const port = await tcp(() => undefined);
    const pool = new Pool({ connectionString: url(port), max: 1, connectionTimeoutMillis: 2_000 });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    const error = await thrown(() => prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 1`, { maxWait: 50 }));
    await prisma.$disconnect().catch(() => undefined);
    await pool.end().catch(() => undefined);
    expect((error as { code?: string }).code).toBe("P2028");
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });
});

describe("isDatabaseUnavailable: server states and wrappings", () => {
  function pgError(code: string, message: string) {
    const error = new DatabaseError(message, message.length, "error");
    error.code = code;
    error.severity = "FATAL";
    return error;
  }

  it("recognises shutdown, recovery, too many connections and class 08 SQLSTATEs", () => {
    for (const [code, message] of [
      ["57P01", "terminating connection due to administrator command"],
      ["57P02", "terminating connection due to crash of another server process"],
      ["57P03", "the database system is starting up"],
      ["53300", "sorry, too many clients already"],
      ["08006", "connection failure"],
      ["08001", "could not connect"],
    ]) {
      expect(isDatabaseUnavailable(pgError(code, message)), code).toBe(true);
    }
  });

  it("looks through cause chains, Prisma's driver-adapter meta and AggregateError", () => {
    const inner = pgError("57P01", "terminating connection due to administrator command");
    expect(isDatabaseUnavailable(new Error("query failed", { cause: inner }))).toBe(true);
    expect(
      isDatabaseUnavailable({
        code: "P2010",
        message: "Raw query failed",
        meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01" } } },
      }),
    ).toBe(true);
    expect(isDatabaseUnavailable({ code: "P1001", message: "Can't reach database server" })).toBe(true);
    expect(isDatabaseUnavailable({ cause: { kind: "ConnectionClosed" } })).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([new Error("x"), Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })]),
      ),
    ).toBe(true);
  });

  it("says no to everything else: wrong queries, conflicts, domain errors, odd values", () => {
    const cyclic: Record<string, unknown> = { message: "loop" };
    cyclic.cause = cyclic;
    for (const error of [
      pgError("23505", "duplicate key value violates unique constraint"),
      pgError("42P01", 'relation "nope" does not exist'),
      pgError("40001", "could not serialize access"),
      { code: "P2002", message: "Unique constraint failed" },
      { code: "P2025", message: "Record not found" },
      new Invalid("email: invalid"),
      new Conflict("taken"),
      new Error("boom"),
      new TypeError("Cannot read properties of undefined"),
      cyclic,
      null,
      undefined,
      "ECONNREFUSED",
      42,
    ]) {
      expect(isDatabaseUnavailable(error), String((error as { message?: string })?.message ?? error)).toBe(false);
    }
  });
});
