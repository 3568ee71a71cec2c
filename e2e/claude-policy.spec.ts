import { resolve } from 'node:path';
import { expect, test } from './test.ts';
import { importPaths, region, screenshotsWithAxe, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The Policy view (issue 23, item 6): a Claude Code settings file and a transcript imported, the
 * view lists the rules in evaluation order with the calls each decided, the allow / ask / deny
 * totals; a rule lists its calls, a call says why. The figures are the core's (`policyReport`, as
 * test/permissions/policyService.test.ts checks them against `decide`).
 */
const policy = (page: import('@playwright/test').Page) => region(page, 'Policy');

test('import settings and a transcript: totals, a rule’s calls, why, what-if of an edit, Learn and its diff; axe, keyboard, screenshots', async ({
  page,
}) => {
  test.setTimeout(300_000); // twelve screenshots, each checked with axe
  await stayOffline(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await importPaths(page, [resolve('e2e/fixtures/claude-policy/settings.json')]);
  await importPaths(page, [resolve('test/data/claude-transcripts/subagent.jsonl')]);

  await page.getByRole('tab', { name: /^Policy/ }).click();
  const view = policy(page);
  await expect(view.getByTestId('policy-total-allow').getByRole('definition')).toHaveText('8', {
    timeout: 30_000,
  });
  await expect(view.getByTestId('policy-total-ask').getByRole('definition')).toHaveText('3');
  await expect(view.getByTestId('policy-total-deny').getByRole('definition')).toHaveText('5');

  // rules in evaluation order: deny, ask, allow, then the default
  const rules = view.getByRole('table', { name: 'Rules in evaluation order' });
  await expect(rules.getByRole('row')).toHaveCount(1 + 7 + 1);
  await expect(rules.getByRole('row').nth(1)).toContainText('WebSearch');
  await expect(rules.getByRole('row', { name: /Bash\(bd \*\)/ })).toContainText('4');

  // a rule, by keyboard: its calls; a call: why
  const bd = rules.getByRole('button', { name: 'Bash(bd *)', exact: true });
  await bd.focus();
  await page.keyboard.press('Enter');
  await expect(bd).toHaveAttribute('aria-pressed', 'true');
  const calls = view.getByRole('list', { name: 'Calls decided by Bash(bd *)' });
  await expect(calls.getByRole('listitem')).toHaveCount(4);
  await expect(calls.getByRole('listitem').first()).toContainText('Bash(bd ');
  await calls.getByRole('button').first().click();
  const why = view.getByRole('region', { name: 'Why' });
  await expect(why).toContainText('allow');
  await expect(why).toContainText('allow rule Bash(bd *) matches');
  // the rule is named once: its line then says where it is written
  await expect(why).not.toContainText('Decided by');
  await expect(why).toContainText('project settings');
  // the reason's rule is shown as code, never with the core's literal backticks
  await expect(why.locator('code')).toHaveText('Bash(bd *)');
  await expect(why).not.toContainText('`');

  await rules.getByRole('button', { name: 'WebSearch', exact: true }).click();
  await expect(
    view.getByRole('list', { name: 'Calls decided by WebSearch' }).getByRole('listitem'),
  ).toHaveCount(5);
  await view
    .getByRole('list', { name: 'Calls decided by WebSearch' })
    .getByRole('button')
    .first()
    .click();
  await expect(why).toContainText('deny rule WebSearch matches');

  // give the bottom panel the room (by keyboard, as a user can)
  await page.getByRole('separator', { name: 'Resize bottom panel' }).focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowUp');
  await page.locator('body').click({ position: { x: 600, y: 5 } });

  // the why box is wholly in sight at 1280×720 (the calls list scrolls inside its panel)
  await page.setViewportSize({ width: 1280, height: 720 });
  await bd.click();
  await calls.getByRole('button').last().click();
  await expect(why).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 1440, height: 900 });

  // what-if: edit Bash(bd *) in place, by keyboard; the changed decisions, before → after
  const edit = rules.getByRole('button', { name: 'Edit rule Bash(bd *)' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const input = rules.getByRole('textbox', { name: /Rule text/ });
  await expect(input).toBeFocused();
  const whatIf = view.getByRole('region', { name: 'What if' });
  // before any edit the rule is said once, not "Bash(bd *) → Bash(bd *)" (review15)
  await expect(whatIf.locator('.policy-edit-summary')).toHaveText('Bash(bd *)');
  await input.fill('Bash(bd dep *)');
  await expect(whatIf.getByTestId('policy-whatif-count')).toHaveText(
    '4 decisions of 16 calls change.',
  );
  const changes = whatIf.getByRole('list', { name: 'Decisions that change' });
  await expect(changes.getByRole('listitem')).toHaveCount(4);
  // before → after, read out as "allow becomes ask"
  await expect(changes.getByRole('listitem').first()).toContainText(/^allow→becomesask/);
  await expect(changes.getByRole('listitem').first()).toContainText('Bash(bd *) → no rule');
  await expect(changes.getByRole('listitem').last()).toContainText('Bash(bd *) → Bash(bd dep *)');
  await expect(whatIf.getByRole('definition').first()).toHaveText('8 → 5');
  await screenshotsWithAxe(page, 'policy-whatif', 'section.policy-view');

  // Escape leaves the settings as they were; Apply writes the edit
  await input.press('Escape');
  await expect(whatIf).toHaveCount(0);
  await expect(rules.getByRole('button', { name: 'Bash(bd *)', exact: true })).toBeVisible();
  await edit.click();
  await rules.getByRole('textbox', { name: /Rule text/ }).fill('Bash(bd dep *)');
  await expect(changes.getByRole('listitem')).toHaveCount(4);
  await whatIf.getByRole('button', { name: 'Apply edit' }).click();
  await expect(rules.getByRole('button', { name: 'Bash(bd dep *)', exact: true })).toBeVisible();
  await expect(view.getByTestId('policy-total-allow').getByRole('definition')).toHaveText('5');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(view.getByTestId('policy-total-allow').getByRole('definition')).toHaveText('8');
  await expect(rules.getByRole('button', { name: 'Bash(bd *)', exact: true })).toBeVisible();

  // Learn: the proposed rules with their calls and risk, the diff, Apply, Undo
  await view.getByRole('button', { name: 'Learn from sessions' }).click();
  const learn = view.getByRole('region', { name: 'Learned allow list' });
  await expect(learn.getByTestId('policy-learn-summary')).toContainText(
    '3 calls prompted; the proposed rules allow 3.',
  );
  const proposals = learn.getByRole('table', { name: 'Proposed rules' });
  await expect(proposals.getByRole('row')).toHaveCount(1 + 3);
  await expect(
    proposals.getByRole('row', { name: /WebFetch\(domain:github\.com\)/ }),
  ).toContainText('network');
  // the deny rules' calls are never learned from
  await expect(proposals).not.toContainText('WebSearch');
  const diff = learn.getByRole('region', { name: 'Diff of settings.json' });
  await expect(diff.locator('.diff-added')).toHaveCount(1);
  await expect(diff.locator('.diff-removed')).toHaveCount(1);
  await expect(diff.locator('.diff-added')).toContainText(
    '"ExitPlanMode", "WebFetch(domain:github.com)"]',
  );
  await screenshotsWithAxe(page, 'policy-learn', 'section.policy-view');
  await learn.getByRole('button', { name: 'Add 3 rules to settings.json' }).click();
  await expect(learn).toHaveCount(0);
  await expect(rules.getByRole('row')).toHaveCount(1 + 10 + 1);
  await expect(view.getByTestId('policy-total-ask').getByRole('definition')).toHaveText('0');
  await page.getByRole('tab', { name: /^Source/ }).click();
  await expect(region(page, 'Source')).toContainText('WebFetch(domain:github.com)');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(region(page, 'Source')).not.toContainText('WebFetch(domain:github.com)');
  await page.getByRole('tab', { name: /^Policy/ }).click();
  await expect(rules.getByRole('row')).toHaveCount(1 + 7 + 1);
  await expect(view.getByTestId('policy-total-ask').getByRole('definition')).toHaveText('3');

  // the policy view's screenshot shows a rule's calls and a call's why
  await bd.click();
  await calls.getByRole('button').first().click();
  await screenshotsWithAxe(page, 'policy', 'section.policy-view');
  expect(errors).toEqual([]);
});
