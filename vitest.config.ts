import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Tests that measure this process's CPU time and heap: they run in a process of their own. */
const MEASURING = ['test/robustness/doubling.property.test.ts'];

const shared = {
  environment: 'node' as const,
  setupFiles: ['test/setupCodecs.ts'],
  testTimeout: 30_000,
};

export default defineConfig({
  test: {
    // Every core: Vitest's own default leaves one free, which on a 2-core machine is one worker for
    // ~360 files. The measuring file runs beside the others, in a process of its own: it times its
    // own process's CPU, which other processes' load does not count.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: MEASURING,
          // One module graph per worker rather than per file: re-evaluating the codecs and the core
          // for each of ~250 files cost about two thirds of the unit run (501 s → about 160 s).
          // Tests keep no state between files; a test that needs a fresh module uses
          // vi.resetModules itself.
          isolate: false,
        },
      },
      {
        // The doubling property compares the CPU time and heap of n and 4n: in a process shared with
        // every other file, the collector also walks what those files left, and the ratio drifts.
        test: { ...shared, name: 'measuring', include: MEASURING, isolate: true },
      },
    ],
  },
});
