import { expect, test } from './test.ts';
import { graphNode, openEtl, region, selectByKeyboard } from './helpers.ts';

/**
 * Rules by keyboard alone: connect two tools (select a tool, press C, choose the other tool from a
 * list), and Add rule (type first, by its friendly name). What changed is said in the live region.
 */
test('a selected tool connects to another by keyboard: C, type, Enter; it is announced', async ({ page }) => {
  await openEtl(page);
  const edge = region(page, 'Graph').locator('.react-flow__edge[aria-label="send_message before disconnect_db"]');
  await expect(edge).toHaveCount(0);
  await selectByKeyboard(page, 'send_message');
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Connect “send_message”' });
  await expect(dialog).toBeVisible();
  const search = dialog.getByRole('combobox');
  await expect(search).toBeFocused();
  // Every other tool is offered, the tool itself is not.
  await expect(dialog.getByRole('option')).toHaveText(['connect_db', 'extract', 'transform', 'load', 'disconnect_db']);
  // A filter that matches nothing says so, not "No other tool to connect to" (review13).
  await page.keyboard.type('zzz');
  await expect(dialog.getByRole('option')).toHaveCount(0);
  await expect(dialog).toContainText('Nothing matches “zzz”.');
  await search.fill('');
  await page.keyboard.type('disc');
  await expect(dialog.getByRole('option')).toHaveText(['disconnect_db']);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(edge).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Connected: send_message before disconnect_db' })).toContainText('Call after… · RequiresPrecedingTools');
  // The new rule is selected: the Inspector names its type both ways.
  await expect(region(page, 'Inspector').getByRole('combobox', { name: 'Type' })).toHaveText('Call after… · RequiresPrecedingTools');

  // The other direction: disconnect_db runs after… → extract before disconnect_db.
  await selectByKeyboard(page, 'disconnect_db');
  await page.keyboard.press('c');
  const again = page.getByRole('dialog', { name: 'Connect “disconnect_db”' });
  await again.getByRole('button', { name: 'disconnect_db runs after…' }).click();
  await again.getByRole('combobox').fill('extract');
  await again.getByRole('combobox').press('Enter');
  await expect(region(page, 'Graph').locator('.react-flow__edge[aria-label="extract before disconnect_db"]')).toHaveCount(1);
});

test('Add rule asks for the type first and shows friendly names with the Pattern name beside them', async ({ page }) => {
  await openEtl(page);
  await selectByKeyboard(page, 'extract');
  await page.keyboard.press('ControlOrMeta+Shift+R');
  const dialog = page.getByRole('dialog', { name: 'Add a rule for “extract”' });
  await expect(dialog.getByRole('option').first()).toContainText('Keep going after · ContinueLoop');
  await expect(dialog.getByRole('option', { name: /Max calls · MaxCalls/ })).toContainText('At most n calls per batch (the calls answering one user message).');
  await dialog.getByRole('combobox').fill('cooldown');
  await dialog.getByRole('combobox').press('Enter');
  await expect(dialog).toBeHidden();
  const badge = graphNode(page, 'extract').locator('.rs-badge-cooldown');
  await expect(badge).toHaveText('cooldown 1m');
  await expect(badge).toHaveAttribute('title', /^#\d+ Cooldown$/);
  await expect(region(page, 'Inspector').getByRole('combobox', { name: 'Type' })).toHaveText('Cooldown');
  await expect(graphNode(page, 'connect_db').locator('.rs-badge-start')).toHaveAttribute('title', '#1 Call at start · StartConstraint');
});
