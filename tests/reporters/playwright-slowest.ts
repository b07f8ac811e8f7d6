import { relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestLines } from './slowest';

/**
 * Prints the slowest spec files at the end of a run (beside the list reporter, configured in
 * playwright.config.ts): a file's time is the sum of its tests' runs, hooks and retries included,
 * so with several workers it is the work the file costs, not the wall time it spans.
 */
export default class SlowestFiles implements Reporter {
  private readonly seconds = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(process.cwd(), test.location.file);
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + result.duration / 1000);
  }

  onEnd(): void {
    for (const line of slowestLines(this.seconds, 'Slowest spec files')) console.log(line);
  }
}
