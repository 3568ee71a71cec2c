/**
 * No lost work on the built app: a change reloaded away before the autosave pause ends is back
 * after the reload (the journal written synchronously as the page goes), pasted or typed.
 */
import { expect, test, type Page } from '@playwright/test';
import { compactAgentToml } from '../test/support/bigAgent.ts';
import { dropMadeFile, region, stayOffline } from './helpers.ts';

test.beforeEach(async ({ page }) => stayOffline(page));

const explorer = (page: Page) => page.getByRole('navigation', { name: 'Project' });
const saved = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-autosave', 'saved');

async function paste(page: Page, text: string) {
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

test('a pasted agent survives a reload 30 ms later, 10 times out of 10', async ({ page }) => {
  await page.goto('/');
  await saved(page);
  for (let i = 1; i <= 10; i++) {
    await paste(page, `[[agents]]\nname = "pasted_${i}"\ntools = ["a"]\n`);
    await page.waitForTimeout(30);
    await page.reload();
    await expect(explorer(page), `attempt ${i}`).toContainText(`pasted_${i}`);
  }
  // All ten are there, once each, and the page is saved again.
  const text = await explorer(page).innerText();
  for (let i = 1; i <= 10; i++) expect(text.split(`pasted_${i}\n`).length + text.split(`pasted_${i}`).length).toBeGreaterThan(2);
  await saved(page);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rule-studio.journal.')))).toEqual([]);
});

test('text typed in the Source editor survives a reload 50 ms after the last key', async ({ page }) => {
  await page.goto('/');
  await saved(page);
  await paste(page, `[[agents]]\nname = "typist"\ntools = ["a"]\n`);
  await saved(page);
  const source = region(page, 'Source');
  await source.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('# typed just before the reload');
  await page.waitForTimeout(50);
  await page.reload();
  await expect(source.locator('.view-lines')).toContainText('# typed just before the reload');
});

test('with a 2.4-million-character agent open, a pasted agent survives a reload 30 ms later, 3 times out of 3', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await saved(page);
  // 40,500 compactly written rules: 2.4 million characters. The journal of the whole project
  // (text, model and layout: 6.4 million) did not fit localStorage, so the paste was lost.
  await dropMadeFile(page, 'big.toml', compactAgentToml.toString(), 40_500);
  await expect(page.getByText('Imported big.toml.')).toBeVisible({ timeout: 120_000 });
  await saved(page);
  for (let i = 1; i <= 3; i++) {
    await paste(page, `[[agents]]\nname = "beside_big_${i}"\ntools = ["a"]\n`);
    await page.waitForTimeout(30);
    await page.reload();
    await expect(explorer(page), `attempt ${i}`).toContainText(`beside_big_${i}`, { timeout: 60_000 });
    await expect(explorer(page)).toContainText('big');
    await saved(page);
  }
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rule-studio.journal')))).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
