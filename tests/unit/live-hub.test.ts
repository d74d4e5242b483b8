import { afterEach, describe, expect, it } from "vitest";
import {
  adminSeats,
  admit,
  publish,
  STREAMS_PER_USER,
  subscriberCount,
  watchSessionEnds,
  type EndReason,
  type Seat,
} from "@/lib/realtime/hub";
import type { Announcement, Viewer } from "@/lib/realtime/notice";

// One instance's fan-out with stand-in streams: a notice reaches only the streams it concerns
// (an order its owner's and the admins', not every stream's), a user holds at most 5 (a sixth
// closes their oldest), the instance at most its cap, and the end of a session closes that
// user's streams, even one whose session was still being checked.

type Probe = Seat & { heard: Announcement[]; ended: EndReason[]; leave: (() => void) | null };

const seated: Probe[] = [];

function seat(viewer: Viewer, max = 1_000): Probe {
  const probe: Probe = {
    viewer,
    heard: [],
    ended: [],
    leave: null,
    take: (message) => void probe.heard.push(message),
    end: (why) => void probe.ended.push(why),
  };
  probe.leave = admit(probe, max);
  if (probe.leave) seated.push(probe);
  return probe;
}

afterEach(() => {
  for (const p of seated.splice(0)) p.leave?.();
});

const asha = { id: "asha", role: "user" };
const vikram = { id: "vikram", role: "user" };
const kitchen = { id: "kitchen", role: "admin" };
const order = (userId: string, riderIds: string[] = []) =>
  ({ type: "order", id: `o-${userId}`, userId, status: "pending", riderIds }) as const;

describe("the live hub", () => {
  it("hands an order only to its owner's streams and the admins', and an admin's own order once", () => {
    const [a, v, k] = [seat(asha), seat(vikram), seat(kitchen)];
    publish(order("asha"));
    expect(a.heard).toEqual([order("asha")]);
    expect(k.heard).toEqual([order("asha")]);
    expect(v.heard).toEqual([]);
    publish(order("kitchen"));
    expect(k.heard).toHaveLength(2);
    expect(a.heard).toHaveLength(1);
  });

  it("hands an order to the streams of the riders it names too, once each", () => {
    const ravi = { id: "ravi", role: "rider" };
    const [a, r, v] = [seat(asha), seat(ravi), seat(vikram)];
    publish(order("asha", ["ravi", "ravi"]));
    expect(a.heard).toHaveLength(1);
    expect(r.heard).toEqual([order("asha", ["ravi", "ravi"])]);
    expect(v.heard).toEqual([]);
  });

  it("hands the menu and resyncs to every stream", () => {
    const probes = [seat(asha), seat(vikram), seat(kitchen)];
    publish({ type: "menu" });
    publish({ type: "resync" });
    for (const p of probes) expect(p.heard).toEqual([{ type: "menu" }, { type: "resync" }]);
  });

  it(`gives a user at most ${STREAMS_PER_USER} streams: a sixth ends their oldest, no one else's`, () => {
    const other = seat(vikram);
    const mine = Array.from({ length: STREAMS_PER_USER + 1 }, () => seat(asha));
    expect(mine.every((p) => p.leave)).toBe(true);
    expect(mine[0].ended).toEqual(["superseded"]);
    expect(mine.slice(1).every((p) => p.ended.length === 0)).toBe(true);
    expect(other.ended).toEqual([]);
    expect(subscriberCount()).toBe(STREAMS_PER_USER + 1);
    publish(order("asha"));
    expect(mine[0].heard).toEqual([]);
    expect(mine.slice(1).every((p) => p.heard.length === 1)).toBe(true);
  });

  it("refuses a stream beyond the instance's cap, unless it takes the place of the same user's oldest", () => {
    // One seat of the 7 is kept for admins: customers fill 6.
    const max = 7;
    const mine = Array.from({ length: STREAMS_PER_USER }, () => seat(asha, max));
    seat(vikram, max);
    expect(subscriberCount()).toBe(max - 1);
    expect(seat(vikram, max).leave).toBeNull();
    expect(seat(asha, max).leave).not.toBeNull();
    expect(mine[0].ended).toEqual(["superseded"]);
    expect(subscriberCount()).toBe(max - 1);
    expect(seat(kitchen, max).leave).not.toBeNull();
    expect(subscriberCount()).toBe(max);
    expect(seat({ id: "chef", role: "admin" }, max).leave).toBeNull();
    mine[1].leave?.();
    expect(seat({ id: "chef", role: "admin" }, max).leave).not.toBeNull();
  });

  it("keeps seats for admins under the cap: customers fill all but those (L8)", () => {
    expect([1, 2, 20, 100, 1000, 100_000].map(adminSeats)).toEqual([0, 1, 1, 5, 20, 20]);
    const max = 40;
    for (let i = 0; i < 60; i++) seat({ id: `customer-${i}`, role: "user" }, max);
    expect(subscriberCount()).toBe(max - adminSeats(max));
    expect(seat(kitchen, max).leave).not.toBeNull();
    expect(seat({ id: "chef", role: "admin" }, max).leave).not.toBeNull();
    expect(subscriberCount()).toBe(max);
    expect(seat({ id: "manager", role: "admin" }, max).leave).toBeNull();
  });

  it("ends every stream of a user whose session ended, and only theirs", () => {
    const [a1, a2, v] = [seat(asha), seat(asha), seat(vikram)];
    publish({ type: "session", userId: "asha" });
    expect([a1.ended, a2.ended, v.ended]).toEqual([["session"], ["session"], []]);
    expect(subscriberCount()).toBe(1);
    publish(order("asha"));
    expect(a1.heard).toEqual([]);
  });

  it("remembers sessions that ended while a stream's session was being checked", () => {
    const watch = watchSessionEnds();
    publish({ type: "session", userId: "asha" });
    watch.stop();
    publish({ type: "session", userId: "vikram" });
    expect(watch.ended("asha")).toBe(true);
    expect(watch.ended("vikram")).toBe(false);
  });

  it("ends every stream when the server stops", () => {
    const probes = [seat(asha), seat(kitchen)];
    publish({ type: "shutdown" });
    expect(probes.map((p) => p.ended)).toEqual([["shutdown"], ["shutdown"]]);
    expect(subscriberCount()).toBe(0);
  });
});
