/**
 * The specs' `test`: Playwright's, with the studio's remembered layout seeded into each test's
 * context. `layout` is folded by default (a studio opened before, its bottom panel folded as on a
 * first visit: an open panel loads the editor, about 3 s of CPU per page on a 2-core machine);
 * specs about Source, Problems, Tests, Corpus or Policy ask for `test.use({ layout: { bottomOpen:
 * true } })`; `layout: null` starts from empty storage, a true first visit. Contexts a spec makes
 * itself with `browser.newContext()` start empty unless it calls `seedLayout`.
 */
import { test as base } from '@playwright/test';
import { seedLayout, type RememberedLayout } from './storage.ts';

export { expect } from '@playwright/test';
export type { Browser, BrowserContext, Locator, Page } from '@playwright/test';

export const test = base.extend<{ layout: RememberedLayout | null }>({
  layout: [{ bottomOpen: false }, { option: true }],
  context: async ({ context, layout }, use) => {
    if (layout) await seedLayout(context, layout);
    await use(context);
  },
});
