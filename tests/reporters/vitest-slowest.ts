import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines } from './slowest';

/**
 * Prints the slowest test files at the end of a run (beside the default reporter, configured in
 * vitest.config.ts): a file's time is its import, setup and every test and hook, per project.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const seconds = new Map<string, number>();
    for (const module of modules) {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      const file = `${relative(process.cwd(), module.moduleId)} [${module.project.name}]`;
      seconds.set(file, ms / 1000);
    }
    for (const line of slowestLines(seconds, 'Slowest test files')) console.log(line);
  }
}
