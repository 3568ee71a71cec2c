import { expect, test } from './test.ts';
import { clickIntoEditor, region, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Undo stops at a project as it was opened (review13 #4): open the Codex example, type one line in
 * Source, press Ctrl+Z twice. The first undo removes the line; the second has nothing to undo, and
 * the example is still there (it used to remove the whole example: AGENTS (0), "Untitled project").
 */
test('an example, one line typed, Ctrl+Z twice: the line goes, the example stays', async ({ page }) => {
  await stayOffline(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'codex-default.rules', exact: true }).click();
  const agents = region(page, 'Permission rules');
  await expect(agents.getByText('codex-default', { exact: false }).first()).toBeVisible();
  const lines = region(page, 'Source').locator('.monaco-editor .view-lines');
  await expect(lines).toBeVisible({ timeout: 60_000 });
  await expect(lines).toContainText('prefix_rule');
  await clickIntoEditor(region(page, 'Source').locator('.monaco-editor'));
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n# a note of mine');
  await expect(lines).toContainText('# a note of mine');
  // Focus off the editor, so Ctrl+Z is the studio's undo, as after any edit.
  await region(page, 'Graph').locator('.react-flow__pane').click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(lines).not.toContainText('# a note of mine');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(lines).toContainText('prefix_rule');
  await expect(agents.getByText('codex-default', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Project', exact: true })).not.toHaveValue('Untitled project');
});
