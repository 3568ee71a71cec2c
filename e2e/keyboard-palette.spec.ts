import { expect, test, type Page } from '@playwright/test';
import { graphNode, region, stayOffline } from './helpers.ts';

/**
 * Issue 22, keyboard: Ctrl+K lists every command (modes, Run, Undo, Present, New agent, Delete…)
 * with its shortcut; a new tool's name can be typed straight after Ctrl+Shift+T without firing
 * the canvas's single-key shortcuts; Delete rule is named "Delete rule".
 */
const openPalette = async (page: Page) => {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  return palette;
};

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(region(page, 'Graph')).toBeVisible();
});

test('Ctrl+Shift+T then typing names the new tool; no single-key shortcut fires', async ({ page }) => {
  await page.getByRole('region', { name: 'Agents' }).getByRole('button', { name: 'New agent' }).click();
  // As a user does, once the new agent is there (its readers may still be loading at the click).
  await expect(page.getByRole('region', { name: 'Agents' }).getByRole('listitem')).toHaveCount(1);
  await region(page, 'Graph').click({ position: { x: 200, y: 150 } });
  await page.keyboard.press('Control+Shift+T');
  await expect(graphNode(page, 'tool')).toBeVisible();
  // Typed as a user types: "c" is the Connect shortcut when the canvas has the focus.
  await page.keyboard.type('connect_db');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(graphNode(page, 'connect_db')).toBeVisible();
  await expect(region(page, 'Inspector').getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('connect_db');
});

test('the palette finds Run, Undo, Present, New agent and Delete, with their shortcuts', async ({ page }) => {
  const palette = await openPalette(page);
  const field = palette.getByRole('combobox', { name: 'Command' });
  const listed = async (query: string, label: string) => {
    await field.fill(query);
    await expect(palette.getByRole('option').filter({ hasText: label }).first()).toBeVisible();
  };
  await listed('run', 'Run simulation');
  await listed('undo', 'Undo');
  await listed('present', 'Present');
  await listed('new agent', 'New agent');
  await listed('design', 'Design mode');
  await listed('simulate', 'Simulate mode');
  await listed('new tool', 'Add tool');
  await listed('theme', 'Theme: dark');
  await listed('export', 'Export');
  await field.fill('present');
  await expect(palette.getByRole('option').filter({ hasText: 'Present' }).first()).toContainText('Alt+3');
  await field.fill('undo');
  await expect(palette.getByRole('option').filter({ hasText: 'Undo' }).first()).toContainText('Ctrl+Z');
  await page.keyboard.press('Escape');
});

test('New agent, Add tool and Delete from the palette; undo brings the tool back', async ({ page }) => {
  const run = async (query: string) => {
    const palette = await openPalette(page);
    await palette.getByRole('combobox', { name: 'Command' }).fill(query);
    await page.keyboard.press('Enter');
    await expect(palette).toHaveCount(0);
  };
  await run('new agent');
  await expect(page.getByRole('navigation', { name: 'Project' }).getByText('agent', { exact: true })).toBeVisible();
  await run('new tool');
  await expect(graphNode(page, 'tool')).toBeVisible();
  await page.keyboard.press('Escape');
  await run('delete');
  await expect(graphNode(page, 'tool')).toHaveCount(0);
  await run('undo');
  await expect(graphNode(page, 'tool')).toBeVisible();
});

test("a rule's delete button is named Delete rule", async ({ page }) => {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  await expect(graphNode(page, 'load')).toBeVisible();
  await graphNode(page, 'load').click();
  await region(page, 'Inspector').getByRole('button', { name: /Max calls/ }).first().click();
  await expect(region(page, 'Inspector').getByRole('button', { name: 'Delete rule', exact: true })).toBeVisible();
  await expect(region(page, 'Inspector').getByRole('button', { name: 'Remove', exact: true })).toHaveCount(0);
});
