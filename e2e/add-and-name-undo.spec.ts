/**
 * Review 12 (smaller item): adding a tool and typing its name took two undo steps to take back
 * (the name, then the tool). Adding a node and naming it in the add flow is one undo step.
 */
import { expect, test } from './test.ts';
import { graphNode, openStudioOffline, region } from './helpers.ts';

test('Add tool, type its name, Enter: one undo takes the named tool away, one redo brings it back named', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const graph = region(page, 'Graph');
  await graph.getByRole('button', { name: 'New agent' }).click();
  const name = region(page, 'Inspector').getByRole('textbox', { name: 'Name', exact: true });
  for (const tool of ['search', 'fetch']) {
    await page.getByRole('toolbar', { name: 'Rule Studio' }).getByRole('button', { name: 'Add tool', exact: true }).click();
    await expect(name).toBeFocused();
    await page.keyboard.type(tool);
    await page.keyboard.press('Enter');
    await expect(graphNode(page, tool)).toBeVisible();
  }
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(graphNode(page, 'fetch')).toHaveCount(0);
  await expect(graph.locator('.react-flow__node')).toHaveCount(1);
  await expect(graphNode(page, 'search')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+Shift+Z');
  await expect(graphNode(page, 'fetch')).toBeVisible();
  await expect(graph.locator('.react-flow__node')).toHaveCount(2);
  // A rename later, after another edit, stays a step of its own.
  await graphNode(page, 'fetch').click();
  await name.fill('fetch_url');
  await name.press('Enter');
  await expect(graphNode(page, 'fetch_url')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(graphNode(page, 'fetch')).toBeVisible();
  await expect(graph.locator('.react-flow__node')).toHaveCount(2);
  expect(errors).toEqual([]);
});
