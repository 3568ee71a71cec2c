import { expect, test, type Page } from './test.ts';
import { screenshotsWithAxe, stayOffline } from './helpers.ts';

/**
 * Review of the Claude Code walk-through (task ui11): Simulate's timeline named each call by its
 * tool alone ("allowed Bash" three times) where the presenter's chips and slides read
 * `Bash(npm run build)`; and the walk-through's first slide started cold, with no word of what
 * the class is about to see.
 */
const TITLE = 'A Claude Code session under a project’s settings';

async function openWalkthrough(page: Page) {
  await stayOffline(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: TITLE }).click();
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 0 of \d+/, { timeout: 30_000 });
  return stage;
}

test('Simulate’s timeline names each call as the presenter’s chips do: Bash(npm run build), not Bash', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const stage = await openWalkthrough(page);
  await page.keyboard.press('Escape');
  await expect(stage).toBeHidden();
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  const sim = page.getByRole('region', { name: 'Simulation', exact: true });
  await sim.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(sim.locator('.sim-status')).toHaveText(/^Done/);
  const rows = page.getByRole('listbox', { name: 'Decisions' }).getByRole('option');
  await expect(rows).toHaveCount(8);
  // the three Bash calls, each with its command, in the row's text and in what a screen reader hears
  for (const command of ['npm test && npm run build', 'npm test -- src/cart', 'npm run build']) {
    const row = rows.filter({ hasText: `Bash(${command})` });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAccessibleName(new RegExp(`allowed Bash\\(${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`));
  }
  // the same words as the strip's chip and the slide's call, for the file a call read
  await expect(rows.filter({ hasText: 'Read(/home/alex/projects/shop-api/src/cart/total.ts)' })).toHaveCount(1);
  // a call with no telling argument keeps its tool alone (no JSON in a row)
  await expect(rows.filter({ hasText: 'mcp__github__get_issue' })).not.toContainText('{');
  await rows.filter({ hasText: 'Bash(npm run build)' }).click();
  await screenshotsWithAxe(page, 'timeline-calls', '.sim-timeline');
  expect(errors).toEqual([]);
});

test('the Claude Code walk-through opens on an intro that says what the class will see', async ({ page }) => {
  const stage = await openWalkthrough(page);
  const notes = stage.getByRole('region', { name: 'Current decision' }).getByRole('complementary', { name: 'Speaker notes' });
  await expect(notes).toContainText('rejected');
  await expect(notes).toContainText('npm test && npm run build');
  // the stage's own themes, at both classroom sizes: the lead-in fits its slide, and axe finds nothing serious
  await screenshotsWithAxe(page, 'walkthrough-intro', '.presenter', (scheme) =>
    stage.getByRole('group', { name: 'Stage theme' }).getByRole('button', { name: scheme === 'light' ? 'Light' : 'Dark', exact: true }).click(),
  );
});
