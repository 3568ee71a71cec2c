/**
 * Review 12 (smaller item): the Inspector said "Declared tools (0)" beside a file that does not
 * read. It now says the file does not read, with the error and a link to its place in Source; a
 * file that read before shows its last version under that note.
 */
import { expect, test } from './test.ts';
import { graphNode, openStudioOffline, region, setSource } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/** The review's half-written rule (shots 71-72): a string cut mid-way on line 7. */
const HALF = '[[agents]]\nname = "half"\ntools = ["a", "b"]\n\n[[agents.tool_rules]]\ntool_name = "b"\nrule_type = { type = "RequiresPreced\n';

test('a file that never read: the Inspector says so and links to the error, claiming no tools', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles({ name: 'half.toml', mimeType: 'text/plain', buffer: Buffer.from(HALF) });
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByRole('heading', { name: 'half.toml does not read yet' })).toBeVisible();
  await expect(inspector).toContainText('unclosed string opened at 7:22');
  await expect(inspector).not.toContainText('Declared tools');
  await expect(inspector).not.toContainText('0 rules');
  await saveScreenshot(page, 'test-results/ui15-3-never-read-light-1280x720.png');
  // The link selects the string from its opening quote: typing replaces it.
  await inspector.getByRole('button', { name: 'Go to line 7, column 22' }).click();
  // Type only once the selection is drawn: the editor may still be opening the file.
  await expect(region(page, 'Source').locator('.monaco-editor .selected-text').first()).toBeVisible();
  await region(page, 'Source').locator('.monaco-editor textarea').focus();
  await page.keyboard.type('X');
  // Monaco's line elements are not in the document's order (it reuses them), so the line is not
  // read as the end of the whole text: X follows `type = ` and the cut string is gone.
  const lines = region(page, 'Source').locator('.view-lines');
  await expect(lines).toContainText(/rule_type\s=\s\{\stype\s=\sX/);
  await expect(lines).not.toContainText('RequiresPreced');
  expect(errors).toEqual([]);
});

test('a workflow that read before: the note, then its last version', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await region(page, 'Graph').getByRole('button', { name: 'New workflow' }).click();
  await expect(graphNode(page, 'start')).toBeVisible();
  await setSource(page, 'mode: execution\nstart_node: start\nnodes:\n  start: [unclosed\n');
  const inspector = region(page, 'Inspector');
  await expect(inspector.getByRole('heading', { name: 'workflow.yaml does not read', exact: true })).toBeVisible();
  await expect(inspector).toContainText('Below is the last version that read cleanly');
  await expect(inspector.getByRole('button', { name: 'Go to line 5, column 1' })).toBeVisible();
  await expect(inspector).toContainText('1 phase.');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, 'test-results/ui15-3-last-read-dark-1440x900.png');
  expect(errors).toEqual([]);
});
