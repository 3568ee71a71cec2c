/**
 * `rule-studio follow --studio` (issue 25.2): a transcript grows while the studio watches it. Each
 * appended call is decided in the page; a breakpoint pauses the view (not the stream); a reload
 * resumes with every decision once; the page says DISCONNECTED when follow stops.
 */
import { appendFileSync, copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from './test.ts';
import { graphNode, region } from './helpers.ts';
import { follow, stopFollowers } from './follow.ts';
import { saveScreenshot } from './screenshots.ts';

test.afterEach(stopFollowers);

const call = (tool: string, i: number) => `${JSON.stringify({ type: 'tool_call', time: new Date(Date.UTC(2025, 0, 1, 10, 0, i)).toISOString(), tool, args: { n: i } })}\n`;

const live = (page: Page) => region(page, 'Live session');
const rows = (page: Page) => live(page).getByRole('listbox', { name: 'Live decisions' }).getByRole('option');
const pill = (page: Page) => live(page).getByRole('status', { name: /^Live view:/ });

test('follow --studio: each appended call is decided in the page; a breakpoint pauses the view; a reload resumes once', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const dir = mkdtempSync(join(tmpdir(), 'rs-live-e2e-'));
  const rules = join(dir, 'etl-pipeline.toml');
  copyFileSync('examples/etl-pipeline.toml', rules);
  const session = join(dir, 'session.jsonl');
  writeFileSync(session, call('extract', 0));
  const { url, child } = await follow(session, rules);
  await page.goto(url);
  await expect(pill(page)).toHaveText('LIVE');
  // the automatic start call, then extract
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).last()).toContainText('allowed extract');
  await expect(graphNode(page, 'extract')).toHaveClass(/rs-live-pulse-/);
  // the run bar does not say "Not run yet" over a followed session
  await expect(page.getByRole('status').filter({ hasText: 'Following a live session' })).toBeVisible();
  // the open rules are the session's: no warning
  await expect(live(page).getByRole('alert')).toHaveCount(0);

  // each call appended is decided in the page
  const latencies: number[] = [];
  for (const [i, [tool, kind]] of [
    ['transform', 'allowed'],
    ['load', 'allowed'],
  ].entries()) {
    const t0 = Date.now();
    appendFileSync(session, call(tool as string, i + 1));
    await expect(rows(page).last()).toContainText(`${kind} ${tool}`);
    latencies.push(Date.now() - t0);
  }
  await expect(rows(page)).toHaveCount(4);

  // a breakpoint on blocked decisions: the view stops there, the stream goes on
  await live(page).getByRole('button', { name: 'Breakpoints' }).click();
  await page.getByRole('dialog', { name: 'Breakpoints' }).getByRole('checkbox', { name: 'blocked', exact: true }).check();
  await page.keyboard.press('Escape');
  appendFileSync(session, call('load', 3)); // MaxCalls: blocked
  appendFileSync(session, call('transform', 4));
  await expect(pill(page)).toHaveText('PAUSED');
  await expect(live(page).getByRole('status').filter({ hasText: 'Paused at a blocked decision' })).toBeVisible();
  await expect(rows(page).and(page.locator('[aria-selected="true"]'))).toContainText('blocked load');
  // review16: the decision shown says what the engine said and leads to its rule
  const shown = live(page).getByRole('region', { name: 'Decision shown' });
  await expect(shown).toContainText('blocked load MaxCallsExceeded');
  await expect(shown).toContainText('load');
  await shown.getByRole('button', { name: /^Rule #\d+$/ }).click();
  await expect(graphNode(page, 'load')).toHaveClass(/rs-related/);
  await saveScreenshot(page, 'test-results/live-decision-shown.png');
  await expect(live(page)).toContainText('newer');
  await live(page).getByRole('button', { name: 'Jump to live' }).click();
  await expect(pill(page)).toHaveText('LIVE');
  const before = await rows(page).allTextContents();
  expect(before.at(-1)).toContain('allowed transform');

  // a reload resumes: every decision once, and the next call decided
  await page.reload();
  await expect(pill(page)).toHaveText('LIVE');
  await expect(rows(page)).toHaveCount(before.length);
  expect(await rows(page).allTextContents()).toEqual(before);
  appendFileSync(session, call('send_message', 5));
  await expect(rows(page).last()).toContainText('exit');
  const after = await rows(page).allTextContents();
  expect(after.slice(0, before.length)).toEqual(before);
  expect(after.slice(before.length).map((t) => t.replace(/^\W*\d+/, ''))).toEqual([expect.stringContaining('allowed send_message'), expect.stringContaining('auto disconnect_db'), 'exit']);

  // save the session so far as a test, minimised towards its newest violation (the blocked load)
  await live(page).getByRole('button', { name: 'Save as test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved “session.jsonl' })).toContainText('session-live.test.yaml');

  // follow stops: the page says so
  child.kill('SIGINT');
  await expect(pill(page)).toHaveText('DISCONNECTED');
  console.log(`live: append → decision shown in the page ${latencies.join(' / ')} ms wall (poll every 100 ms, assertion polling included)`);
  expect(errors).toEqual([]);
});
