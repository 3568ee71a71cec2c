import { expect, test } from './test.ts';
import { saveScreenshot } from './screenshots.ts';
import { stayOffline } from './offline.ts';

test.use({ layout: { bottomOpen: true } });

test.beforeEach(async ({ page }) => {
  // The app works offline: any request that leaves this machine fails the test.
  await stayOffline(page);
});

test('the studio loads offline with its regions and no page errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/');
  for (const name of ['Graph', 'Inspector', 'Problems', 'Source'])
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await saveScreenshot(page, 'test-results/smoke-empty.png', { fullPage: true });
  expect(errors).toEqual([]);
});
