import { describe, expect, it, vi } from "vitest";
import { csvResponse } from "@/lib/reports/csv-response";

// The sales CSV as a streamed download: the header and the first batch are read before the reply
// exists (a failure there is still an error reply), a later failure cuts the stream rather than
// ending a file that looks whole, and a client that goes away stops the reading.

function file(batches: (string | Error)[], seen: string[] = []) {
  async function* chunks() {
    try {
      for (const batch of batches) {
        if (batch instanceof Error) throw batch;
        seen.push(batch);
        yield batch;
      }
    } finally {
      seen.push("closed");
    }
  }
  return { filename: "fresh-bowl-sales-2032-03-31-to-2032-04-01.csv", chunks: chunks() };
}

describe("csvResponse", () => {
  it("sends the chunks as one attachment", async () => {
    const res = await csvResponse(file(["h\r\n", "a\r\n", "b\r\n"]));
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="fresh-bowl-sales-2032-03-31-to-2032-04-01.csv"');
    expect(res.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(await res.text()).toBe("h\r\na\r\nb\r\n");
    expect(await (await csvResponse(file(["h\r\n"]))).text()).toBe("h\r\n");
  });

  it("fails before replying when the first batch cannot be read", async () => {
    await expect(csvResponse(file(["h\r\n", new Error("database away")]))).rejects.toThrow("database away");
  });

  it("cuts the stream when a later batch fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await csvResponse(file(["h\r\n", "a\r\n", new Error("database away")]));
    await expect(res.text()).rejects.toThrow("database away");
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it("stops reading when the client goes away", async () => {
    const seen: string[] = [];
    const res = await csvResponse(file(["h\r\n", "a\r\n", "b\r\n", "c\r\n"], seen));
    await res.body!.cancel();
    expect(seen).toEqual(["h\r\n", "a\r\n", "closed"]);
  });
});
