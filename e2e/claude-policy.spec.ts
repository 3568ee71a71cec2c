import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { importPaths, region, stayOffline } from './helpers.ts';

/**
 * The Policy view (issue 23, item 6): a Claude Code settings file and a transcript imported, the
 * view lists the rules in evaluation order with the calls each decided, the allow / ask / deny
 * totals; a rule lists its calls, a call says why. The figures are the core's (`policyReport`, as
 * test/permissions/policyService.test.ts checks them against `decide`).
 */
const policy = (page: import('@playwright/test').Page) => region(page, 'Policy');

test('import settings and a transcript: totals, a rule’s calls, a call’s why; axe, keyboard, screenshots', async ({
  page,
}) => {
  test.setTimeout(120_000);
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
  const rules = view.getByRole('table');
  await expect(rules.getByRole('row')).toHaveCount(1 + 7 + 1);
  await expect(rules.getByRole('row').nth(1)).toContainText('WebSearch');
  await expect(rules.getByRole('row', { name: /Bash\(bd \*\)/ })).toContainText('4');

  // a rule, by keyboard: its calls; a call: why
  const bd = rules.getByRole('button', { name: /Bash\(bd \*\)/ });
  await bd.focus();
  await page.keyboard.press('Enter');
  await expect(bd).toHaveAttribute('aria-pressed', 'true');
  const calls = view.getByRole('list', { name: 'Calls decided by Bash(bd *)' });
  await expect(calls.getByRole('listitem')).toHaveCount(4);
  await expect(calls.getByRole('listitem').first()).toContainText('Bash(bd ');
  await calls.getByRole('button').first().click();
  const why = view.getByRole('region', { name: 'Why' });
  await expect(why).toContainText('allow');
  await expect(why).toContainText('Decided by allow rule Bash(bd *)');
  // the reason's rule is shown as code, never with the core's literal backticks
  await expect(why.locator('code')).toHaveText('Bash(bd *)');
  await expect(why).not.toContainText('`');

  await rules.getByRole('button', { name: /^WebSearch/ }).click();
  await expect(
    view.getByRole('list', { name: 'Calls decided by WebSearch' }).getByRole('listitem'),
  ).toHaveCount(5);
  await view
    .getByRole('list', { name: 'Calls decided by WebSearch' })
    .getByRole('button')
    .first()
    .click();
  await expect(why).toContainText('Decided by deny rule WebSearch');

  // the screenshots show a rule's calls and a call's why, from the top of the view
  await bd.click();
  await calls.getByRole('button').first().click();
  await view.evaluate((el) => el.scrollTo(0, 0));
  // a Claude agent has no graph to draw: give the bottom panel the room (by keyboard, as a user can)
  await page.getByRole('separator', { name: 'Resize bottom panel' }).focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowUp');
  await page.locator('body').click({ position: { x: 600, y: 5 } });

  for (const [w, h] of [
    [1280, 720],
    [1440, 900],
  ] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(300); // the theme's colour transition
      await page.screenshot({ path: `test-results/policy-${scheme}-${w}x${h}.png` });
      const axe = await new AxeBuilder({ page }).include('section.policy-view').analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  expect(errors).toEqual([]);
});
