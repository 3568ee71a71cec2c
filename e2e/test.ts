/**
 * The specs' `test`: Playwright's, with the studio's remembered layout seeded into every context a
 * test opens (the `context` fixture's, and each `browser.newContext()`, which Playwright gives the
 * config's context options too). `layout` is folded by default (a studio opened before, its bottom
 * panel folded as on a first visit: an open panel loads the editor, about 3 s of CPU per page on a
 * 2-core machine); specs about Source, Problems, Tests, Corpus or Policy ask for `test.use({
 * layout: { bottomOpen: true } })`; `layout: null` starts from empty storage, a true first visit.
 * A test fails when a page it watched with `stayOffline` (e2e/offline.ts) reached another machine.
 */
import { expect, test as base, type Browser, type BrowserContext } from '@playwright/test';
import { requestsThatLeft } from './offline.ts';
import { seedLayout, type RememberedLayout } from './storage.ts';

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Locator, Page } from '@playwright/test';

const seeded = new WeakSet<BrowserContext>();

async function seedOnce(context: BrowserContext, layout: RememberedLayout | null): Promise<void> {
  if (!layout || seeded.has(context)) return;
  seeded.add(context);
  await seedLayout(context, layout);
}

export const test = base.extend<{ layout: RememberedLayout | null; seedNewContexts: void; noRequestLeft: void }>({
  layout: [{ bottomOpen: false }, { option: true }],
  // Contexts a test makes itself: seeded as they are made, for the length of the test.
  seedNewContexts: [
    async ({ browser, layout }, use) => {
      const newContext = browser.newContext;
      browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
        const context = await newContext.apply(this, args);
        await seedOnce(context, layout);
        return context;
      };
      await use();
      browser.newContext = newContext;
    },
    { auto: true },
  ],
  // A page the test watched with stayOffline (e2e/offline.ts) made no request to another machine.
  noRequestLeft: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      requestsThatLeft.length = 0;
      await use();
      expect(requestsThatLeft, 'requests that left this machine').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, layout }, use) => {
    await seedOnce(context, layout);
    await use(context);
  },
});
