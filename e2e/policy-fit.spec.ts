import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from './test.ts';
import { importPaths, openStudioOffline, region } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Review item: at 1280×720 with the Inspector open, the Policy rules table's last column (the
 * Edit button) scrolled out of its pane. The table fits its pane (the rule column wraps, the
 * action column stays in sight), so each row's Edit button is inside the visible pane and is the
 * element a click at its centre lands on, with nothing scrolled sideways.
 */
async function openInspector(page: Page): Promise<void> {
  const show = page.getByRole('button', { name: 'Show inspector' });
  if (await show.isVisible()) await show.click();
  await expect(region(page, 'Inspector')).toBeVisible();
}

/** Asserts every Edit button of `table` lies inside its scrolling pane and takes a click there. */
async function editButtonsInPane(table: Locator): Promise<void> {
  const edits = table.getByRole('button', { name: /^Edit rule / });
  expect(await edits.count()).toBeGreaterThan(0);
  for (const edit of await edits.all()) {
    // the rows scroll up and down in the pane; a sideways scroll would show as scrollLeft below
    await edit.scrollIntoViewIfNeeded();
    await expect(edit).toBeInViewport({ ratio: 1 });
    const fit = await edit.evaluate((el) => {
      const pane = el.closest('.policy-scroll') as HTMLElement;
      const b = el.getBoundingClientRect();
      const p = pane.getBoundingClientRect();
      const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
      return {
        inside: b.left >= p.left && b.right <= p.right,
        scrolledSideways: pane.scrollLeft,
        overflows: pane.scrollWidth > pane.clientWidth,
        hit: hit !== null && el.contains(hit),
      };
    });
    expect(fit).toEqual({ inside: true, scrolledSideways: 0, overflows: false, hit: true });
  }
}

test('at 1280×720 with the Inspector open, every Policy rule’s Edit button is in its pane and clickable (Codex, Claude Code)', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await importPaths(page, [resolve('examples/codex-default.rules')]);
  await importPaths(page, [resolve('examples/traces/codex-session.jsonl')]);
  await openInspector(page);
  await page.getByRole('tab', { name: /^Policy/ }).click();
  const view = region(page, 'Policy');
  const codex = view.getByRole('table', { name: 'Rules in load order' });
  await expect(codex.getByRole('row')).toHaveCount(1 + 6 + 1, { timeout: 30_000 });
  await editButtonsInPane(codex);
  // by keyboard: Tab goes from a rule to its Edit button, whose focus ring shows; Enter edits
  await codex.getByRole('button', { name: 'git [status|diff|log|show]', exact: true }).focus();
  await page.keyboard.press('Tab');
  const gitEdit = codex.getByRole('button', { name: 'Edit rule git [status|diff|log|show]' });
  await expect(gitEdit).toBeFocused();
  expect(await gitEdit.evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).opacity === '1')).toBe(true);
  await page.keyboard.press('Enter');
  await expect(codex.getByRole('textbox', { name: /Rule text/ })).toBeFocused();
  await page.keyboard.press('Escape');

  // Claude Code's view is the same table
  await importPaths(page, [resolve('e2e/fixtures/claude-policy/settings.json')]);
  await page.getByRole('group', { name: 'Policy dialect' }).getByRole('button', { name: 'Claude Code' }).click();
  const claude = view.getByRole('table', { name: 'Rules in evaluation order' });
  await expect(claude.getByRole('row')).toHaveCount(1 + 7 + 1, { timeout: 30_000 });
  await editButtonsInPane(claude);
  // clickable where it is: the click opens the rule's text
  await claude.getByRole('button', { name: 'Edit rule WebFetch(domain:hex.pm)' }).click();
  await expect(claude.getByRole('textbox', { name: /Rule text/ })).toBeFocused();
  expect(errors).toEqual([]);
});
