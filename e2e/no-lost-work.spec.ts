/**
 * No lost work on the built app: a change reloaded away before the autosave pause ends is back
 * after the reload (the journal written synchronously as the page goes), pasted or typed.
 */
import { expect, test, type Page } from './test.ts';
import { compactAgentToml } from '../test/support/bigAgent.ts';
import { dropMadeFile, exportedAsWritten, region, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

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
  await source.locator('.monaco-editor textarea').focus();
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
  // No alert says anything (their texts, when one does). Monaco keeps two empty live regions of
  // role alert at the foot of the page once its editor has loaded: an earlier count of every
  // alert failed on a loaded machine, where the editor had loaded by the end.
  await expect.poll(async () => (await page.getByRole('alert').allInnerTexts()).filter((t) => t.trim() !== '')).toEqual([]);
});

/** The review's paste: `n` rules after the agent's text (60,000 make 4.9 million characters, more than localStorage holds). */
async function pasteRulesInSource(page: Page, n: number) {
  const editor = region(page, 'Source').locator('.monaco-editor textarea');
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await editor.evaluate((el, count) => {
    let text = '\n';
    for (let i = 0; i < count; i++) text += `[[agents.tool_rules]]\ntool_name = "t${i}"\nrule_type = { type = "ContinueLoop" }\n\n`;
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, n);
}

async function newAgentWithAlpha(page: Page) {
  await page.goto('/');
  await saved(page);
  await region(page, 'Graph').getByRole('button', { name: 'New agent' }).click();
  await page.keyboard.press('t');
  await page.keyboard.type('alpha');
  await page.keyboard.press('Enter');
  await expect(region(page, 'Source')).toBeVisible(); // a new agent opens its Source
  await saved(page);
}

test('a 4.9-million-character paste in Source survives a reload 3 s later, while it is still being read (review12 #1)', async ({ page }) => {
  test.setTimeout(180_000);
  await newAgentWithAlpha(page);
  await pasteRulesInSource(page, 60_000);
  // While the text is read, Problems says it is checking, not "No problems." (review12 #10).
  await expect(region(page, 'Problems').getByRole('status').filter({ hasText: 'Checking…' })).toBeVisible();
  await expect(region(page, 'Problems')).not.toContainText('No problems.');
  // The review reloaded here, with "Saving…" shown for as long as the text was being read: the
  // save waited for the reading, and the journal could not hold the text, so it was lost.
  await page.waitForTimeout(3_000);
  await page.reload();
  await expect(page.getByText('Reading this big text in the background')).toBeHidden({ timeout: 120_000 });
  const text = await exportedAsWritten(page);
  expect(text).toContain('tools = ["alpha"]');
  expect(text).toContain('tool_name = "t59999"');
  expect(text.length).toBeGreaterThan(4_900_000);
});

test('leaving right after a paste too big for the journal is asked about, and staying keeps it (review12 #1)', async ({ page }) => {
  test.setTimeout(180_000);
  await newAgentWithAlpha(page);
  // 80,000 rules: 6.5 million characters. The review's 60,000 (4.9 million) make 10.3 MiB of
  // UTF-16 JSON for the text alone: over localStorage's 10 MiB by 3%, too close to be sure the
  // journal fails (this test once saw no question; not reproduced).
  await pasteRulesInSource(page, 80_000);
  // Leaving at once (before the save has begun): the journal cannot hold 6.5 million characters.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss(); // stay on the page
  expect(page.isClosed()).toBe(false);
  await saved(page);
  await page.reload(); // stored now: nothing to ask
  await expect(page.getByText('Reading this big text in the background')).toBeHidden({ timeout: 120_000 });
  const text = await exportedAsWritten(page);
  expect(text).toContain('tool_name = "t79999"');
});

test('a journal the last visit could not write is said on the next visit, after its project is restored', async ({ page }) => {
  await page.goto('/');
  await paste(page, `[[agents]]\nname = "kept"\ntools = ["a"]\n`);
  await expect(explorer(page)).toContainText('kept');
  await saved(page);
  // The marker a refused journal leaves as the page goes (storage full), there when the next visit
  // starts: written before the app's scripts run, so nothing the leaving page writes (a journal
  // that succeeds clears the marker) can race it.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-marked') !== null) return;
    sessionStorage.setItem('e2e-marked', '1');
    localStorage.setItem('rule-studio.journal-failed', JSON.stringify({ projectId: 'p', name: 'Untitled project', at: 0, message: 'The unsaved changes could not be kept for the next visit: the storage is full.' }));
  });
  await page.reload();
  await expect(explorer(page)).toContainText('kept');
  // Opening the restored project used to drop the notice at once.
  await expect(page.getByRole('alert').filter({ hasText: 'could not be kept for the next visit' })).toBeVisible();
});
