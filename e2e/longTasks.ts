/** The Long Tasks API in end-to-end tests (shared with the Chromium benchmarks: `test/support/longTasks.ts`). */
export * from '../test/support/longTasks.ts';
