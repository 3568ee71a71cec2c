import { readFileSync } from 'node:fs';
import { expect, test } from './test.ts';
import { exportedAsWritten, graphNode, openEtl, region, runCommand } from './helpers.ts';

/**
 * review13: Cut (Ctrl/Cmd+X) of selected nodes: copied as Ctrl+C copies them, then deleted, in one
 * undo step; Ctrl+V puts them back; the palette has Cut beside Copy.
 */
const status = (page: import('@playwright/test').Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

test('Ctrl+X cuts two tools with the rule between them, one undo step; Ctrl+V pastes them back', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openEtl(page);
  const original = readFileSync('examples/etl-pipeline.toml', 'utf8');
  await graphNode(page, 'extract').click();
  await graphNode(page, 'transform').click({ modifiers: ['Shift'] });
  await page.keyboard.press('Control+x');
  await expect(status(page, /^Cut 2 tools and 1 rule\./)).toBeVisible();
  await expect(graphNode(page, 'extract')).toHaveCount(0);
  await expect(graphNode(page, 'transform')).toHaveCount(0);
  // on the system clipboard as the rule file's text, as a copy is
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('tools = ["extract", "transform"]');
  expect(copied).toContain('tool_name = "transform"');

  // one undo step brings both back, with their rules: the file as it was
  await page.keyboard.press('Control+z');
  await expect(graphNode(page, 'extract')).toBeVisible();
  await expect(graphNode(page, 'transform')).toBeVisible();
  expect(await exportedAsWritten(page)).toBe(original);

  // redo cuts again; a paste puts the tools back under their own names, the rule between them too
  await page.keyboard.press('Control+y');
  await expect(graphNode(page, 'extract')).toHaveCount(0);
  await graphNode(page, 'load').focus();
  await page.keyboard.press('Control+v');
  await expect(graphNode(page, 'extract')).toBeVisible();
  await expect(graphNode(page, 'transform')).toBeVisible();
  await expect(region(page, 'Graph').locator('.react-flow__edge[aria-label="extract before transform"]')).toHaveCount(1);
});

test('the palette’s Cut cuts a tool with its own rule; Ctrl+X in Simulate mode cuts nothing', async ({ page }) => {
  await openEtl(page);
  await graphNode(page, 'load').click();
  await runCommand(page, 'Cut');
  await expect(status(page, /^Cut 1 tool and 1 rule\./)).toBeVisible();
  await expect(graphNode(page, 'load')).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(graphNode(page, 'load')).toBeVisible();
  // read-only: Ctrl+X in Simulate changes nothing
  await graphNode(page, 'load').click();
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await graphNode(page, 'load').click();
  await page.keyboard.press('Control+x');
  await expect(graphNode(page, 'load')).toHaveCount(1);
});
