import { expect, test, type Page } from './test.ts';
import { openEtl, openExample, region, screenshotsWithAxe } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * review16 #2 and #3, the review's steps: the ETL example, its walk-through run saved as a test; in
 * Design the transform → load edge (rule #4) deleted. The untouched "guided walk-through" no longer
 * fails at step 5 (load's MaxCalls, #5, is now #4: said under the test), only where the removed
 * rule itself was expected; Expected and Seen name the tool in the same order; each rule a failure
 * or note names is a link that selects the rule.
 */
const tests = (page: Page) => region(page, 'Tests');
const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });

test('deleting rule #4 renumbers #5 without failing its test; rules in the Tests view are links', async ({ page }) => {
  test.setTimeout(120_000);
  await openEtl(page);
  // the walk-through trace, run in Simulate and saved as a test
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(sim(page).getByText(/^Done:/)).toBeVisible({ timeout: 30_000 });
  await sim(page).getByRole('button', { name: 'Save as test', exact: true }).click();
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Design' }).click();
  await page.getByRole('tab', { name: /^Tests/ }).click();
  await expect(tests(page).getByRole('status')).toHaveText('3 passed', { timeout: 30_000 });

  // delete the transform → load edge (rule #4), as the review did: select it, Delete
  await region(page, 'Graph').getByRole('group', { name: 'transform before load' }).focus();
  await page.keyboard.press('Enter');
  await expect(region(page, 'Inspector')).toContainText('Rule #4');
  await page.keyboard.press('Delete');
  await expect(region(page, 'Graph').getByRole('group', { name: 'transform before load' })).toHaveCount(0);

  const walk = tests(page).locator('.tests-test', { hasText: 'the guided walk-through' });
  await expect(walk).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
  // not a failure at step 5: the same rule, renumbered, said under the test
  await expect(walk.getByRole('list', { name: 'Renumbered rules' })).toHaveText('step 5: rule #5 is now #4');
  await expect(walk.locator('.tests-failures')).not.toContainText('Step 5');
  await expect(walk.locator('.tests-failures')).not.toContainText('MaxCallsExceeded');
  // step 9 was about the removed rule itself
  await expect(walk.locator('.tests-failures')).toContainText('blocked load rule #4 (no longer in the rules)');
  // the saved test pinned identities too: no failure at step 5 either
  const saved = tests(page).locator('.tests-file', { hasText: 'etl-walkthrough.test.yaml' });
  await expect(saved.locator('.tests-failures')).not.toContainText('Step 5');

  await screenshotsWithAxe(page, 'tests-renumber', '#panel-tests');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });

  // the rule named is a link to the rule, as the simulator's rule link
  await walk.getByRole('list', { name: 'Renumbered rules' }).getByRole('button', { name: 'rule #5 is now #4' }).click();
  await expect(region(page, 'Inspector')).toContainText('Rule #4');
  await expect(region(page, 'Inspector')).toContainText(/Max calls/);
});

test('a hegel test failure: Expected and Seen link the rule they name', async ({ page }) => {
  test.setTimeout(90_000);
  await openExample(page, 'hegel-execution.yaml', 'code');
  await page.getByRole('tab', { name: /^Tests/ }).click();
  await expect(tests(page).getByRole('status')).toHaveText(/passed/, { timeout: 30_000 });
  // the review's edit: code's repeated_command threshold 5 → 50, in the Inspector
  await region(page, 'Graph').locator('.react-flow__node[data-id="code"]').click();
  const threshold = region(page, 'Inspector').getByRole('spinbutton', { name: 'Threshold' }).first();
  await threshold.fill('50');
  await threshold.press('Tab');
  const failed = tests(page).locator('.tests-test[data-status="fail"]').first();
  await expect(failed).toContainText('interrupt repeated_command rule #2 of node code', { timeout: 30_000 });
  // select another phase first: the link brings the rule's phase back
  await region(page, 'Graph').locator('.react-flow__node[data-id="plan"]').click();
  await expect(region(page, 'Inspector').getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('plan');
  await failed.getByRole('button', { name: 'rule #2 of node code' }).first().click();
  await expect(region(page, 'Inspector').getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('code');
  await expect(region(page, 'Inspector')).toContainText('#2 Repeated command');
});
