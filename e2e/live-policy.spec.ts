/**
 * `rule-studio follow --studio` on a Codex rollout (issue 25): the rollout grows while the studio
 * watches it; the page keeps it as a trace and the Policy view decides it, so its counts grow; a
 * forbidden call is notified; undo after the session grew undoes the user's edit, not the session;
 * a reload resumes with every call once; DISCONNECTED when follow stops.
 */
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { region, screenshotsWithAxe, setSource } from './helpers.ts';
import { follow, stopFollowers } from './follow.ts';

test.use({ layout: { bottomOpen: true } });

test.afterEach(stopFollowers);

const total = (page: Page, decision: string) => region(page, 'Policy').getByTestId(`codex-total-${decision}`).getByRole('definition');
const totals = async (page: Page, want: Record<string, string>) => {
  for (const [k, v] of Object.entries(want)) await expect(total(page, k)).toHaveText(v);
};

test('follow --studio on a Codex rollout: the Policy view decides each appended call; a forbidden one is notified', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const dir = mkdtempSync(join(tmpdir(), 'rs-live-policy-e2e-'));
  const rules = join(dir, 'default.rules');
  copyFileSync('examples/codex-default.rules', rules);
  // the example rollout's calls are on lines 4, 6, …, 18: allow, forbidden (rm -rf dist), none, allow, allow, none, prompt, allow
  const lines = readFileSync('examples/traces/codex-session.jsonl', 'utf8').split(/(?<=\n)/);
  const session = join(dir, 'rollout.jsonl');
  writeFileSync(session, lines.slice(0, 5).join(''));
  const { url, child } = await follow(session, rules);
  await page.goto(url);
  const pill = page.getByRole('tabpanel', { name: 'Policy' }).getByRole('status', { name: /^Live view:/ });
  await expect(pill).toHaveText('LIVE');
  await totals(page, { allow: '1', forbidden: '0' });
  const name = page.getByRole('textbox', { name: 'Project', exact: true });
  const named = await name.inputValue();
  await name.fill('live demo');

  appendFileSync(session, lines.slice(5, 7).join(''));
  await totals(page, { allow: '1', forbidden: '1' });
  await expect(page.getByRole('status').filter({ hasText: 'forbidden: rm -rf dist in rollout.jsonl' })).toBeVisible();

  appendFileSync(session, lines.slice(7).join(''));
  const whole = { allow: '4', prompt: '1', forbidden: '1', none: '2' };
  await totals(page, whole);
  // the growing session is not the user's edit: Ctrl+Z undoes the user's last edit (made before
  // the session grew) and takes no call away
  await name.blur();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(name).toHaveValue(named);
  await totals(page, whole);
  // the live status and the growing view, as a designer reviews them (light and dark, two sizes)
  await screenshotsWithAxe(page, 'live-policy', '.policy-dialects');

  // a reload resumes: the session once, not twice
  await page.reload();
  await expect(pill).toHaveText('LIVE');
  await totals(page, whole);
  await expect(region(page, 'Policy')).toContainText('8 calls in 1 session');

  child.kill('SIGINT');
  await expect(pill).toHaveText('DISCONNECTED');
  expect(errors).toEqual([]);
});

test('follow --studio on a Codex rollout: a breakpoint on forbidden pauses the view, new lines wait, Jump to live decides them', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-live-pause-e2e-'));
  const rules = join(dir, 'default.rules');
  copyFileSync('examples/codex-default.rules', rules);
  const lines = readFileSync('examples/traces/codex-session.jsonl', 'utf8').split(/(?<=\n)/);
  const session = join(dir, 'rollout.jsonl');
  writeFileSync(session, lines.slice(0, 5).join(''));
  const { url } = await follow(session, rules);
  await page.goto(url);
  const policy = page.getByRole('tabpanel', { name: 'Policy' });
  const pill = policy.getByRole('status', { name: /^Live view:/ });
  await expect(pill).toHaveText('LIVE');
  await totals(page, { allow: '1', forbidden: '0' });

  // a breakpoint on the forbidden decision, chosen with the keyboard
  await policy.getByRole('button', { name: 'Breakpoints' }).click();
  const panel = page.getByRole('dialog', { name: 'Breakpoints' });
  await panel.getByRole('checkbox', { name: 'Forbidden', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(panel.getByRole('checkbox', { name: 'Forbidden', exact: true })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(policy.getByRole('button', { name: 'Breakpoints (1)' })).toBeFocused();

  appendFileSync(session, lines.slice(5, 7).join(''));
  await expect(pill).toHaveText('PAUSED');
  await expect(policy.getByRole('status').filter({ hasText: 'Paused at a call decided forbidden: rm -rf dist' })).toBeVisible();
  await totals(page, { allow: '1', forbidden: '1' });

  // the session goes on; the view holds its lines
  appendFileSync(session, lines.slice(7).join(''));
  await expect(policy.getByRole('status').filter({ hasText: `${lines.length - 7} new lines of the session wait` })).toBeVisible();
  await totals(page, { allow: '1', forbidden: '1' });

  await policy.getByRole('button', { name: 'Jump to live' }).click();
  await expect(pill).toHaveText('LIVE');
  await totals(page, { allow: '4', prompt: '1', forbidden: '1', none: '2' });

  // Pause by hand, and back
  await policy.getByRole('button', { name: 'Pause' }).click();
  await expect(pill).toHaveText('PAUSED');
  await expect(policy.getByRole('status').filter({ hasText: 'Paused. The agent runs on' })).toBeVisible();
  await screenshotsWithAxe(page, 'live-policy-paused', '.policy-dialects');
  await policy.getByRole('button', { name: 'Jump to live' }).click();
  await expect(pill).toHaveText('LIVE');
});

test('follow --studio on a Codex rollout: Save as test pins the session so far; the Tests view runs it, and an edit breaks it', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'rs-live-save-e2e-'));
  const rules = join(dir, 'default.rules');
  copyFileSync('examples/codex-default.rules', rules);
  const lines = readFileSync('examples/traces/codex-session.jsonl', 'utf8').split(/(?<=\n)/);
  const session = join(dir, 'rollout.jsonl');
  writeFileSync(session, lines.join(''));
  const { url } = await follow(session, rules);
  await page.goto(url);
  const policy = page.getByRole('tabpanel', { name: 'Policy' });
  await expect(policy.getByRole('status', { name: /^Live view:/ })).toHaveText('LIVE');
  await totals(page, { allow: '4', prompt: '1', forbidden: '1', none: '2' });

  await policy.getByRole('button', { name: 'Save as test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved “rollout.jsonl as decided” as rollout.test.yaml (8 calls pinned)' })).toBeVisible();
  const testsTab = page.getByRole('tab', { name: /^Tests/ }).first();
  if ((await testsTab.count()) === 0) await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Design' }).click();
  await testsTab.click();
  const tests = region(page, 'Tests');
  await expect(tests.getByRole('status')).toHaveText('1 passed', { timeout: 30_000 });
  await expect(tests.locator('[data-status="pass"]')).toContainText('rollout.jsonl as decided');

  // git push no longer asks: the pinned step 7 (prompt by default.rules:12) fails
  await page.getByRole('tab', { name: /^Source/ }).first().click();
  await setSource(page, readFileSync(rules, 'utf8').replace('decision = "prompt"', 'decision = "allow"'));
  await expect(page.getByTestId('tests-badge')).toHaveText('1 failing', { timeout: 10_000 });
});
