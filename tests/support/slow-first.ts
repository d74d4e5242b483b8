import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Vitest starts the files that took longest last time first, so that no long file starts when
// the others are almost done and leaves the other workers idle. A clean clone (CI) has no such
// record and Vitest then goes by file size, which puts short files that start servers or wait out
// restarts near the end. This puts the given files first, in the given order, after Vitest's own
// sorting; the rest keep Vitest's order.
export function slowFirst(slow: string[]) {
  return class SlowFirst extends BaseSequencer {
    async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification) => {
        const at = slow.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join("/"));
        return at === -1 ? slow.length : at;
      };
      // Array.prototype.sort is stable: equal ranks keep Vitest's order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
