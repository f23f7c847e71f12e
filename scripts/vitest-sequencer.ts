import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * The integration files that take longest, started first: Vitest orders a run without its local cache (every CI
 * run) by file size, which left the one-minute fuzz file to start last and run alone at the end (decision 071).
 */
const LONGEST_FIRST = [
  'src/server/fuzz.int.test.ts',
  'src/server/features/assist/assist.int.test.ts',
  'src/server/two-processes.pg.test.ts',
  'src/server/recurring-two-processes.pg.test.ts',
  'src/server/features/expenses/limits.int.test.ts',
  'src/server/store-outage.int.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return index === -1 ? LONGEST_FIRST.length : index;
};

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest keeps each project's files together; within each, the listed files move to the front and the rest keep
    // Vitest's own order (Array.prototype.sort is stable).
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const list = byProject.get(spec.project.name) ?? [];
      list.push(spec);
      byProject.set(spec.project.name, list);
    }
    return [...byProject.values()].flatMap((list) => list.sort((a, b) => rank(a) - rank(b)));
  }
}
