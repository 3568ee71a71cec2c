import { expect, test } from './test.ts';
import { importPaths, stayOffline } from './helpers.ts';

/**
 * Issue 27, item 5: the studio says which Letta it reads — Letta 0.16 (archived) — and points
 * Letta Code users to Claude Code-style permissions (a planned family, so no link).
 */
test('the Letta family is named Letta 0.16 (archived), and Letta Code users are pointed to permissions', async ({
  page,
}) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  const examples = page.getByRole('dialog', { name: 'Examples' });
  await expect(
    examples
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'letta-refund-agent.af', exact: true }) }),
  ).toContainText('Letta 0.16 (archived) agent');
  await page.keyboard.press('Escape');
  await expect(examples).toBeHidden();

  await importPaths(page, ['examples/letta-refund-agent.af']);
  const inspector = page.getByRole('region', { name: 'Inspector' });
  await expect(inspector).toContainText('Letta 0.16 (archived) agent');
  await expect(inspector).toContainText(
    'Letta Code, its successor, has no tool rules and uses Claude Code-style permissions instead (a family Rule Studio plans).',
  );
});
