/**
 * review15 #8: a platform engineer's permission files were listed as agents ("AGENTS (1)", "New
 * agent"), a Claude Code settings file under another name than Simulate's, the empty canvas named
 * neither .rules nor settings files, and the palette had no way to the Policy view.
 */
import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { importPaths, region, runCommand, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test('permission files are listed as permission rules by their file names, and Policy is a command', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(region(page, 'Graph')).toContainText('Claude Code settings.json, Codex .rules');
  const explorer = page.getByRole('navigation', { name: 'Project' });
  const permissions = explorer.getByRole('region', { name: 'Permission rules' });
  await expect(permissions.getByRole('button', { name: 'Import permission rules' })).toBeVisible();
  await importPaths(page, [resolve('examples/claude-code-settings.json'), resolve('examples/codex-default.rules')]);
  await expect(permissions.locator('.explorer-doc')).toHaveText(['claude-code-settings.json', 'codex-default.rules']);
  await expect(explorer.getByRole('region', { name: 'Agents' }).locator('.explorer-doc')).toHaveCount(0);
  await runCommand(page, 'Policy');
  await expect(page.locator('section.policy-view')).toBeVisible();
  // The Policy view shows the dialect of the document open (the last imported), until another opens.
  const dialect = page.getByRole('group', { name: 'Policy dialect' });
  await expect(dialect.getByRole('button', { name: 'Codex' })).toHaveAttribute('aria-pressed', 'true');
  await permissions.getByRole('button', { name: 'claude-code-settings.json', exact: true }).click();
  await expect(dialect.getByRole('button', { name: 'Claude Code' })).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot(page, 'test-results/permission-words-1280x720.png');
});

test('files dragged over the page show where they go, and the mark goes when the drag does', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  // A drag of files fires `dragover` again and again while it is over the page; the page keeps
  // one going here (every 50 ms, as Chromium does), so the checks do not race the mark's end.
  await page.evaluate(() => {
    const files = new DataTransfer();
    files.items.add(new File(['{}'], 'settings.json', { type: 'application/json' }));
    const over = () => document.querySelector('main')?.dispatchEvent(new DragEvent('dragover', { dataTransfer: files, bubbles: true, cancelable: true }));
    over();
    (window as unknown as { dragging: number }).dragging = window.setInterval(over, 50);
  });
  await expect(page.locator('html')).toHaveAttribute('data-dropping', 'true');
  const shown = await page.evaluate(() => getComputedStyle(document.body, '::after').content);
  expect(shown).toContain('Drop rule files, permission files or traces');
  await saveScreenshot(page, 'test-results/drop-mark-1280x720.png');
  // The drag leaves the window: its last event goes to no element, and the mark goes.
  await page.evaluate(() => {
    window.clearInterval((window as unknown as { dragging: number }).dragging);
    document.querySelector('main')?.dispatchEvent(new DragEvent('dragleave', { bubbles: true, relatedTarget: null }));
  });
  await expect(page.locator('html')).not.toHaveAttribute('data-dropping', 'true');
});
