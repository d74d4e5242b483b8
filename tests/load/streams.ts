// The thousand live streams (issue 22): accounts each holding as many streams to /api/events as
// one user may (STREAMS_PER_USER), half of the accounts on each instance, read as the browser
// reads them (lib/realtime/fetch-stream.ts). A stream that ends or cannot be had is asked for
// again with the browser's backoff, or after Retry-After when the server had no room; so after
// the kill the restarted instance gets its streams back. Once all are held, a few more streams
// from other accounts are asked for: each instance is full, so each must get 503 with Retry-After.
import { backoffDelay } from "@/lib/realtime/backoff";
import { EVENTS_PATH } from "@/lib/realtime/events";
import { openFetchStream, type StreamRefusal } from "@/lib/realtime/fetch-stream";
import type { Customer } from "./customers";
import { sleep } from "./requests";

/** The browser's reconnect backoff (lib/realtime/live-connection.ts). */
const RECONNECT = { baseMs: 1_000, maxMs: 30_000 };
/**
 * Streams asked for at once while they are being opened, each next one as soon as one is answered:
 * as fast as the instances open them, without a queue of hundreds in front of every customer.
 */
const OPEN_AT_ONCE = 10;

export type StreamTally = {
  /** Streams the server opened (its `ready` arrived), reconnections included. */
  opened: number;
  /** Replies by status, 200 included; "no reply" for none. */
  replies: Map<string, number>;
  /** 503s without Retry-After (the contract has none). */
  refusedWithoutRetryAfter: number;
  /** Streams held now and at most at once, per instance. */
  held: number[];
  peak: number[];
  /** Streams held when the last planned one had been answered, and when the run stopped them. */
  heldAtOnce: number;
  heldAtEnd: number;
  /** Of the extra streams asked for beyond the caps: refused with 503 and Retry-After, and let in. */
  extras: { asked: number; refused: number; admitted: number };
};

type Answer = { held: boolean; refusal?: StreamRefusal };

export type Streams = {
  tally: StreamTally;
  /** Opens every planned stream and then the extras; resolves once the extras are answered. */
  open: () => Promise<void>;
  stop: () => void;
};

export function startStreams(holders: Customer[], perHolder: number, extras: Customer[], bases: string[]): Streams {
  const tally: StreamTally = {
    opened: 0,
    replies: new Map(),
    refusedWithoutRetryAfter: 0,
    held: bases.map(() => 0),
    peak: bases.map(() => 0),
    heldAtOnce: 0,
    heldAtEnd: 0,
    extras: { asked: 0, refused: 0, admitted: 0 },
  };
  const sources = new Set<{ close: () => void }>();
  let stopping = false;
  const count = (label: string) => tally.replies.set(label, (tally.replies.get(label) ?? 0) + 1);
  const isReady = (data: string) => (JSON.parse(data) as { type?: unknown }).type === "ready";
  const url = (instance: number) => `${bases[instance]}${EVENTS_PATH}`;

  /** fetch with the account's session and address, noting each reply's status. */
  const fetchAs =
    (who: Customer): typeof fetch =>
    async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("authorization", `Bearer ${who.token}`);
      headers.set("x-forwarded-for", who.ip);
      try {
        const res = await fetch(input, { ...init, headers });
        count(String(res.status));
        if (res.status === 503 && res.headers.get("retry-after") === null) tally.refusedWithoutRetryAfter++;
        return res;
      } catch (error) {
        if (!stopping) count("no reply");
        throw error;
      }
    };

  /** One stream, from asking to its end: `onAnswer` once the server opened it or refused it. */
  function once(who: Customer, instance: number, onAnswer: (held: boolean) => void): Promise<Answer> {
    return new Promise((resolve) => {
      let held = false;
      const source = openFetchStream(
        url(instance),
        (data) => {
          if (held || !isReady(data)) return;
          held = true;
          tally.opened++;
          tally.held[instance]++;
          tally.peak[instance] = Math.max(tally.peak[instance], tally.held[instance]);
          onAnswer(true);
        },
        (refusal) => {
          sources.delete(source);
          if (held) tally.held[instance]--;
          else onAnswer(false);
          resolve({ held, refusal });
        },
        fetchAs(who),
      );
      sources.add(source);
    });
  }

  /** Holds one stream for the whole run, asking again whenever it ends. */
  async function hold(who: Customer, instance: number, firstAnswer: () => void): Promise<void> {
    let answered = false;
    const onAnswer = () => {
      if (!answered) firstAnswer();
      answered = true;
    };
    for (let failures = 0; !stopping;) {
      const { held, refusal } = await once(who, instance, onAnswer);
      if (held) failures = 0;
      if (!stopping) await sleep(refusal?.kind === "busy" ? refusal.retryAfterMs : backoffDelay(failures++, RECONNECT));
    }
  }

  async function open(): Promise<void> {
    const plan = holders.flatMap((who, i) => Array.from({ length: perHolder }, () => ({ who, instance: i % bases.length })));
    let next = 0;
    const opener = async () => {
      while (next < plan.length && !stopping) {
        const { who, instance } = plan[next++];
        await new Promise<void>((answered) => void hold(who, instance, answered));
      }
    };
    await Promise.all(Array.from({ length: OPEN_AT_ONCE }, opener));
    tally.heldAtOnce = tally.held.reduce((a, b) => a + b, 0);
    await Promise.all(extras.map((who, i) => askOnce(who, i % bases.length)));
  }

  /** One of the extras: a single try; one let in is closed at once. */
  function askOnce(who: Customer, instance: number): Promise<void> {
    tally.extras.asked++;
    return new Promise((done) => {
      const source = openFetchStream(
        url(instance),
        (data) => {
          if (!isReady(data)) return;
          tally.extras.admitted++;
          source.close();
          done();
        },
        (refusal) => {
          if (refusal?.kind === "busy") tally.extras.refused++;
          done();
        },
        fetchAs(who),
      );
    });
  }

  return {
    tally,
    open,
    stop: () => {
      tally.heldAtEnd = tally.held.reduce((a, b) => a + b, 0);
      stopping = true;
      for (const source of [...sources]) source.close();
    },
  };
}
