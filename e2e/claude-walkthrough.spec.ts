import { expect, test } from './test.ts';
import { stayOffline } from './helpers.ts';

/**
 * Issue 23, item 2: the gallery's Claude Code walk-through opens the settings example and its
 * session under profile claude; stepping shows the first call decided by the rules.
 */
test('the Claude Code walk-through opens from the gallery and steps through the session', async ({ page }) => {
  test.setTimeout(120_000);
  await stayOffline(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'A Claude Code session under a project’s settings' }).click();
  await expect(page.getByText('Opened the walk-through “A Claude Code session under a project’s settings”')).toBeVisible({ timeout: 30_000 });
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  // the transcript's first event is the model's token use, which the permission rules do not
  // count: the presenter steps over it to the first call (Simulate still shows it as step 1)
  const forward = stage.getByRole('button', { name: 'Step forward', exact: true });
  const decision = stage.getByRole('region', { name: 'Current decision' });
  await forward.click();
  await expect(decision).toContainText('Grep');
  // what the call did, not only its tool: the pattern searched, on the slide and its chip
  const called = decision.getByLabel('Called with');
  await expect(called).not.toBeEmpty();
  const calledText = (await called.textContent()) ?? '';
  await expect(stage.getByText(`Grep(${calledText.slice(0, 20)}`).first()).toBeVisible();
  // counted in slides (the token count before it is none): the first call is slide 1
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 1 of \d+/);
  await expect(decision).not.toContainText('Tokens:');
  // It ends on its last call, not on a token count.
  await page.keyboard.press('End');
  await expect(decision).not.toContainText('Tokens:');
  await expect(decision).not.toContainText('in this phase');
  // … and its counter reaches its own end: the last slide is "Step N of N", → is done there
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step (\d+) of \1$/);
  await expect(forward).toBeDisabled();
  // the steps stepped over have no chip on the strip either
  await expect(stage.getByRole('navigation', { name: 'Calls so far' })).not.toContainText('tokens');
  // the buttons do not move as the counter's number grows
  await page.keyboard.press('Home');
  const at = await forward.boundingBox();
  await page.keyboard.press('End');
  expect((await forward.boundingBox())?.x).toBe(at?.x);

  // The walk-through's point: the user rejected `npm test && npm run build` in the session, which these rules
  // allow without a prompt. Its slide, and then Simulate's Step view, say the session differs.
  await page.keyboard.press('Home');
  const differs = decision.getByRole('note').filter({ hasText: 'The session differs' });
  // the worker reads what the transcript recorded with the explanation: found by its call, then awaited
  const atCall = async () => (await called.count()) > 0 && (await called.textContent()) === 'npm test && npm run build';
  for (let i = 0; i < 20 && !(await atCall()); i++) await page.keyboard.press('ArrowRight');
  await expect(differs).toContainText('the rules allow it without a prompt, but the user rejected it');
  // review13 #2: the slide said "ran: ok" and "ran without a prompt" beside "the user rejected it".
  // The call did not run: the heading and the explanation say what the session recorded.
  await expect(decision.getByRole('heading', { level: 2 })).toContainText('rejected by the user in the session, not run');
  await expect(decision).toContainText('These rules let Bash run without a prompt');
  await expect(decision).not.toContainText('ran: ok');
  await expect(decision).not.toContainText('ran without a prompt');
  await page.keyboard.press('Escape');
  const stepView = page.getByRole('region', { name: 'Decision' });
  await expect(stepView.getByRole('note')).toContainText('The session differs');
  await expect(stepView).toContainText('In the session the user rejected it, so it did not run.');
  expect(errors).toEqual([]);
});
