/** The Long Tasks API in end-to-end tests: every main-thread task of 50 ms or more, from the page's start. */
import type { Page } from '@playwright/test';

export interface LongTask {
  start: number;
  duration: number;
}

/** Records every long task of the page from its start (call before `goto`). */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The page's clock (`performance.now()`), to mark the start of a measured part. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The long tasks that ended after `since` (a `performance.now()` of the page). */
export const longTasksSince = (page: Page, since: number): Promise<LongTask[]> =>
  page.evaluate((t) => (window as unknown as { __longTasks: LongTask[] }).__longTasks.filter((e) => e.start + e.duration >= t), since);

/** The longest of `tasks` in ms (0 when there is none), and a line listing them from `since`. */
export function longest(tasks: readonly LongTask[], since: number): { ms: number; list: string } {
  return {
    ms: Math.max(0, ...tasks.map((t) => t.duration)),
    list: tasks.map((t) => `${(t.start - since).toFixed(0)}+${t.duration.toFixed(0)}`).join(', '),
  };
}
