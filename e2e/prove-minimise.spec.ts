import { expect, test, type Page } from './test.ts';
import { openExample, region, screenshotsWithAxe } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * review16 #1 and #5, the review's steps as written: Examples → release-deadlock.toml → Problems →
 * V001 → Show trace (7 steps under the "V001 deadlock" title); select the last step (7.2, exit
 * blocked), Minimise. The result is still a deadlock (every tool refused, `lock_branch` included),
 * keeps the V001 title, and the notice is a whole sentence in the studio's words; the Minimise
 * tooltip is not left over the explanation.
 */
const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });
const counter = (page: Page) => sim(page).getByText(/^Step \d+ of \d+$/);

test('minimising the V001 counterexample keeps the deadlock and its title', async ({ page }) => {
  test.setTimeout(90_000);
  await openExample(page, 'release-deadlock.toml', 'release');
  const problems = region(page, 'Problems');
  const deadlock = problems.locator('li', { hasText: 'V001' });
  await expect(deadlock).toContainText('Deadlock', { timeout: 30_000 });
  await deadlock.getByRole('button', { name: 'Show trace' }).click();
  await expect(counter(page)).toHaveText('Step 7 of 7', { timeout: 30_000 });
  const title = sim(page).getByRole('region', { name: 'Counterexample' });
  await expect(title).toContainText('V001 deadlock');
  const rows = sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option');
  await rows.last().click();
  const decision = sim(page).getByRole('region', { name: 'Decision' });
  await expect(decision).toContainText('Exit blocked');
  await decision.getByRole('button', { name: 'Minimise' }).click();
  await expect(counter(page)).toHaveText('Step 3 of 3', { timeout: 30_000 });
  // still a deadlock: lock_branch and hotfix both called, so every tool is refused
  await expect(rows.nth(0)).toContainText(/hotfix|lock_branch/);
  await expect(rows.nth(1)).toContainText(/hotfix|lock_branch/);
  await expect(rows.last()).toContainText('exit blocked');
  await expect(title).toContainText('V001 deadlock: no call can be made and the agent cannot exit');
  await expect(title).toContainText('lock_branch called 1 time: the limit of #4');
  await expect(title).toContainText('run_tests excluded since hotfix');
  const notice = page.getByRole('contentinfo', { name: 'Notices' }).locator('.notice-text');
  await expect(notice).toHaveText(/^Minimised 7 steps to 3: still the V001 deadlock, ending in the blocked exit \(release still required\)\./);
  await expect(notice).not.toContainText(/exit_blocked|RequiredBeforeExit|1-minimal/);
  // the whole sentence is on screen, not cut off
  expect(await notice.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // #5: no tooltip left over the explanation after the run
  await expect(page.locator('.ui-tooltip')).toHaveCount(0);
  await screenshotsWithAxe(page, 'prove-minimise', '[aria-label="Simulation"]');
  await expect(page.locator('.ui-tooltip')).toHaveCount(0);
});
