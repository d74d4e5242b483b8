import { expect } from "vitest";
import { Invalid } from "@/lib/errors";

/** The 400 that `run` throws (an `Invalid`, with the field it names), failing the test when it throws nothing or anything else. */
export function refusalOf(run: () => unknown): Invalid {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(Invalid);
    return e as Invalid;
  }
  throw new Error("expected a 400");
}
