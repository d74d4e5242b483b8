import "server-only";
import { errorSummary } from "@/lib/db/errors";
import type { SalesCsv } from "@/lib/reports/sales";

// A CSV file as a streamed download: each chunk is encoded and handed on only when the client has
// taken the one before (pull), so a slow client holds the next batch back instead of piling up.
// A failure mid-file (the database gone) can no longer become an error reply, since the status has
// been sent: the stream errors, the connection is cut, and the browser reports a failed download
// rather than keeping a file that looks whole.

export function csvResponse({ filename, chunks }: SalesCsv): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
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
