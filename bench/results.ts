// The shape of one bench run, as written to .bench/results.json and turned into the table.
import type { FirstLoad } from "./first-load";
import type { KitchenResult } from "./kitchen";
import type { RiderResult } from "./rider";
import type { PushResult } from "./push";
import type { LighthouseScores } from "./lighthouse";
import type { LoadResult } from "./load";
import type { Machine } from "./machine";
import type { OrdersResult } from "./orders";
import type { Precache } from "./precache";
import type { PgBaselineResult } from "./pg-baseline";
import type { ProcessRss } from "./rss";
import type { ScaleResult } from "./scale";

/** A measured target with the static-file runs measured right before and after it. */
export type Compared = { result: LoadResult; baselines: LoadResult[]; baselineRps: number; ratio: number };

export type BenchResults = {
  at: string;
  durationSeconds?: number;
  machine: Machine;
  conditions: { seconds: number; warmupSeconds: number; connections: number; acceptEncoding: string };
  staticFile: { path: string; bytes: number; gzipBytes: number; contentEncoding: string };
  /** Content-Encoding the server sent for each page (should be gzip). */
  encodings: Record<string, string>;
  pages: Compared[];
  /** For the pages that must be prerendered: whether each was served whole from its prerender. */
  prerendered?: Record<string, boolean>;
  /** ASAP orders (`shop`, all competing for the earliest slot), the plain-pg baseline, then orders spread over scheduled slots. */
  orders: {
    shop: OrdersResult & { mails: number };
    plainPg: PgBaselineResult;
    ratio: number;
    scheduled: OrdersResult & { mails: number };
    scheduledRatio: number;
    /** ASAP orders that all carry one coupon code (issue 33), and their rate over `shop`'s. */
    withCoupon: OrdersResult & { mails: number };
    couponRatio: number;
  };
  rss?: { rssMb: number; processes: ProcessRss[] };
  lighthouse?: LighthouseScores[];
  firstLoad: FirstLoad[];
  /** The service worker's precache as an installed phone holds it (issue 35). */
  precache?: Precache;
  /** Unset when skipped (BENCH_KITCHEN=0). */
  kitchen?: KitchenResult;
  /** Issue 34: the rider's page (an assignment's card, first-load JS). */
  rider?: RiderResult;
  /** Unset when skipped (BENCH_PUSH=0). */
  push?: PushResult;
  /** Unset when skipped (BENCH_SCALE=0). */
  scale?: ScaleResult;
};
