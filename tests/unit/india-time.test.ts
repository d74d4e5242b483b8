import { describe, expect, it } from "vitest";
import { formatIndiaDate, formatIndiaDateTime, formatIndiaTime, indiaDay, indiaDayKey } from "@/lib/time";

// 18:29:09 UTC is 23:59:09 in India; a minute later it is the next India day.
const lateEvening = new Date("2026-11-22T18:29:09Z");
const nextDay = new Date("2026-11-22T18:30:00Z");

describe("India time (lib/time.ts)", () => {
  it("formats in Asia/Kolkata", () => {
    expect(formatIndiaTime(lateEvening)).toBe("11:59 pm");
    expect(formatIndiaDate(lateEvening)).toBe("22 Nov 2026");
    expect(formatIndiaDateTime("2026-11-22T18:29:09Z")).toBe("22 Nov 2026, 11:59 pm");
    expect(formatIndiaDateTime(lateEvening, { seconds: true })).toBe("22 Nov 2026, 11:59:09 pm");
    expect(formatIndiaDate(nextDay)).toBe("23 Nov 2026");
  });

  it("cuts days at India's midnight", () => {
    expect(indiaDayKey(lateEvening)).toBe("2026-11-22");
    expect(indiaDayKey(nextDay)).toBe("2026-11-23");
    expect(indiaDay(lateEvening)).toEqual({ start: new Date("2026-11-21T18:30:00Z"), end: nextDay });
  });
});
