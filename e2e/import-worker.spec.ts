/**
 * The import worker loads when first wanted (issue 28: the first load brings only what the empty
 * project needs): not at page load, but as soon as files are dragged over the page, so the drop is
 * read at once.
 */
import { expect, test } from './test.ts';
import { stayOffline } from './helpers.ts';

test('the import worker starts when files are dragged over the page, not at page load', async ({ page }) => {
  await stayOffline(page);
  const started: string[] = [];
  page.on('worker', (w) => started.push(w.url()));
  const imports = () => started.filter((url) => /\/import\.worker-[^/]*\.js$/.test(url)).length;
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'New agent' }).first()).toBeVisible();
  // The page at rest (the old warm-up came at the first idle moment, within 5 s).
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 5_000 })));
  expect(imports(), 'import workers started by the page load').toBe(0);
  const files = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['[agent]\nname = "a"\n'], 'agent.toml', { type: 'text/plain' }));
    return data;
  });
  await page.dispatchEvent('main', 'dragover', { dataTransfer: files });
  await expect.poll(imports).toBe(1);
  await page.dispatchEvent('main', 'dragover', { dataTransfer: files });
  await page.waitForTimeout(200);
  expect(imports(), 'one worker for many drag events').toBe(1);
});
