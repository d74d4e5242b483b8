import { describe, expect, it } from "vitest";
import { createHashGate } from "@/lib/auth/hash-gate";
import { ServiceUnavailable } from "@/lib/errors";

// product.md §5 and issue 22: the bounded hashing queue, shared fairly. While it is full, one
// network (an IPv6 /48, one IPv4 address) holds at most a fair share of its places; others still
// get in. Work here is a promise the test settles, so every step is exact.

type Outcome = "waiting" | "done" | "refused";

function harness(slots: number, queue: number) {
  const gate = createHashGate({ slots, queue, retryAfterSeconds: 1 });
  const started: string[] = [];
  const finishers: Array<() => void> = [];
  const calls: { label: string; outcome: Outcome; error?: unknown }[] = [];
  const submit = (network: string, label = network) => {
    const call: (typeof calls)[number] = { label, outcome: "waiting" };
    calls.push(call);
    gate
      .run(network, () => {
        started.push(label);
        return new Promise<void>((resolve) => finishers.push(resolve));
      })
      .then(
        () => (call.outcome = "done"),
        (error) => ((call.outcome = "refused"), (call.error = error)),
      );
    return call;
  };
  /** Lets every promise chain that can move on do so. */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Lets the oldest running hash finish and everything that follows from it settle. */
  const finishOne = async () => {
    finishers.shift()?.();
    await settle();
  };
  return { submit, finishOne, settle, started, calls };
}

describe("the hashing queue's fair share", () => {
  it("lets one network fill it while nobody else waits, then refuses that network beyond it", async () => {
    const h = harness(1, 4);
    const flood = Array.from({ length: 7 }, (_, i) => h.submit("2001:db8:a::/48", `a${i}`));
    await h.settle();
    expect(flood.map((c) => c.outcome)).toEqual(["waiting", "waiting", "waiting", "waiting", "waiting", "refused", "refused"]);
    for (const c of flood.filter((c) => c.outcome === "refused")) {
      expect(c.error).toBeInstanceOf(ServiceUnavailable);
      expect((c.error as ServiceUnavailable).status).toBe(503);
    }
  });

  it("makes way for other networks while full: the flood's newest waiters are refused, the newcomers run", async () => {
    const h = harness(1, 4);
    const flood = Array.from({ length: 5 }, (_, i) => h.submit("2001:db8:a::/48", `a${i}`));
    const b = h.submit("203.0.113.7", "b");
    const c = h.submit("2001:db8:c::/48", "c");
    await h.settle();
    // Queue of 4, three networks: a share of 1 each (the flood keeps the extra place it already had).
    expect(flood.map((call) => call.outcome)).toEqual(["waiting", "waiting", "waiting", "refused", "refused"]);
    expect(b.outcome).toBe("waiting");
    expect(c.outcome).toBe("waiting");
    // The flood is over its share: more of it is refused at once, while a fourth network still gets in.
    const more = h.submit("2001:db8:a::/48", "a-more");
    const d = h.submit("198.51.100.2", "d");
    await h.settle();
    expect(more.outcome).toBe("refused");
    expect(d.outcome).toBe("waiting");
    // Everyone admitted runs, in the order they were admitted.
    for (let i = 0; i < 5; i++) await h.finishOne();
    expect(h.started).toEqual(["a0", "a1", "b", "c", "d"]);
    expect([b, c, d].map((call) => call.outcome)).toEqual(["done", "done", "done"]);
  });

  it("refuses a newcomer when every network is within its share", async () => {
    const h = harness(1, 4);
    h.submit("x", "running");
    for (const n of ["p", "p", "q", "q"]) h.submit(n);
    const r = h.submit("r");
    await h.settle();
    // Three networks in a queue of 4: a share of 1; p and q hold 2 each, so one of them makes way.
    expect(r.outcome).toBe("waiting");
    const s = h.submit("s");
    const t = h.submit("t");
    await h.settle();
    // Five networks for four places: nobody holds more than one, so the newcomer is refused.
    expect(s.outcome).toBe("waiting");
    expect(t.outcome).toBe("refused");
  });
});
