import "server-only";
import { errorSummary } from "@/lib/db/errors";
import type { SalesCsv } from "@/lib/reports/sales";

// A CSV file as a streamed download: each chunk is encoded and handed on only when the client has
// taken the one before (pull), so a slow client holds the next batch back instead of piling up.
// The first batch is read before the reply is made, so a database that is away gets the usual
// 503 (lib/http.ts) rather than a 200 cut short. A failure further on can no longer become an
// error reply, since the status has been sent: the stream errors, the connection is cut, and the
// browser reports a failed download rather than keeping a file that looks whole.

export async function csvResponse({ filename, chunks }: SalesCsv): Promise<Response> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  // The header, then the first batch (or the end, for a range without orders).
  const ready: string[] = [];
  let done = false;
  for (let i = 0; i < 2 && !done; i++) {
    const next = await iterator.next();
    if (next.done) done = true;
    else ready.push(next.value);
  }
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const waiting = ready.shift();
      if (waiting !== undefined) return controller.enqueue(encoder.encode(waiting));
      if (done) return controller.close();
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        console.error(`[fresh-bowl] the sales CSV stopped: ${errorSummary(error)}`);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
