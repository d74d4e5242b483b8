import { describe, expect, it } from "vitest";
import { fillDays, recentDays } from "@/lib/orders/dashboard/days";
import { sqlTimestamp } from "@/lib/db/timestamp";
import { indiaDay, indiaDayKey } from "@/lib/time";

// The dashboard's calendar: India's days (UTC+05:30), whatever the server's zone.

describe("indiaDay", () => {
  it("is India's calendar day (UTC+05:30), not the server's or UTC's", () => {
    // 02:00 IST on 20 July is still 19 July in UTC.
    expect(indiaDay(new Date("2023-07-19T20:30:00.000Z"))).toEqual({
      start: new Date("2023-07-19T18:30:00.000Z"),
      end: new Date("2023-07-20T18:30:00.000Z"),
    });
    // Exactly midnight IST starts the new day.
    expect(indiaDay(new Date("2023-07-18T18:30:00.000Z")).start).toEqual(new Date("2023-07-18T18:30:00.000Z"));
    expect(indiaDay(new Date("2023-07-18T18:29:59.999Z")).start).toEqual(new Date("2023-07-17T18:30:00.000Z"));
  });
});

describe("indiaDayKey", () => {
  it("names the India date of an instant", () => {
    expect(indiaDayKey(new Date("2023-07-19T18:29:59.999Z"))).toBe("2023-07-19");
    expect(indiaDayKey(new Date("2023-07-19T18:30:00.000Z"))).toBe("2023-07-20");
    // Across a month and a year.
    expect(indiaDayKey(new Date("2023-12-31T20:00:00.000Z"))).toBe("2024-01-01");
  });
});

describe("recentDays", () => {
  it("covers the last n India days up to the end of today, oldest first", () => {
    // 01:00 IST on 2 March 2024 (still 1 March in UTC); 2024 is a leap year.
    const days = recentDays(new Date("2024-03-01T19:30:00.000Z"), 4);
    expect(days.dates).toEqual(["2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02"]);
    expect(days.start).toEqual(new Date("2024-02-27T18:30:00.000Z"));
    expect(days.end).toEqual(new Date("2024-03-02T18:30:00.000Z"));
  });

  it("gives 14 distinct consecutive days for the chart", () => {
    const { dates } = recentDays(new Date("2026-11-23T17:00:00.000Z"), 14);
    expect(dates).toHaveLength(14);
    expect(new Set(dates).size).toBe(14);
    expect(dates.at(-1)).toBe("2026-11-23");
    expect(dates[0]).toBe("2026-11-10");
  });

  it("refuses a count that is not a positive whole number", () => {
    for (const count of [0, -1, 1.5, Number.NaN]) expect(() => recentDays(new Date(), count)).toThrow(RangeError);
  });
});

describe("fillDays", () => {
  it("keeps the days asked for, in their order, with zeros where no row came back; rows for other days are dropped", () => {
    const rows = [
      { date: "2024-03-02", orders: 3, revenue: 900 },
      { date: "2024-02-28", orders: 1, revenue: 240 },
      { date: "2024-01-01", orders: 9, revenue: 9_000 },
    ];
    expect(fillDays(["2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02"], rows)).toEqual([
      { date: "2024-02-28", orders: 1, revenue: 240 },
      { date: "2024-02-29", orders: 0, revenue: 0 },
      { date: "2024-03-01", orders: 0, revenue: 0 },
      { date: "2024-03-02", orders: 3, revenue: 900 },
    ]);
  });
});

describe("sqlTimestamp", () => {
  it("is the instant's UTC wall-clock time, without a zone PostgreSQL would drop", () => {
    expect(sqlTimestamp(new Date("2023-07-18T18:30:00.000Z"))).toBe("2023-07-18T18:30:00.000");
  });
});
