/**
 * Review 16 (smaller item): at 1280×720 a hegel phase's Transitions and Rules boxes ran past the
 * Inspector's right edge (a fieldset is as wide as its content: the "New rule type" select's long
 * option) and a rule's remove button wrapped under its heading.
 */
import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { graphNode, importPaths, region, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test('a hegel phase in the Inspector fits it at 1280×720', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await importPaths(page, [resolve('examples/hegel-execution.yaml')]);
  await graphNode(page, 'code').click();
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByText('Transitions')).toBeVisible();
  const past = await inspector.evaluate((root) => {
    const edge = root.getBoundingClientRect().right;
    return [...root.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > edge + 0.5).map((e) => e.tagName + (e.className ? `.${String(e.className)}` : ''));
  });
  expect(past).toEqual([]);
  // each rule's remove button is on its heading's line
  const heads = inspector.locator('.insp-rule h3');
  for (let i = 0; i < (await heads.count()); i++) {
    const h = heads.nth(i);
    const [head, button] = await Promise.all([h.boundingBox(), h.getByRole('button').boundingBox()]);
    expect(button && head && button.y + button.height <= head.y + head.height + 0.5).toBe(true);
  }
  await saveScreenshot(page, 'test-results/inspector-fit-1280x720.png');
});
