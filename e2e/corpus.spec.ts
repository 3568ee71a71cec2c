import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { axeViolations } from './axe.ts';
import { expect, test } from './test.ts';
import { dropMadeFile, graphNode, importPaths, openStudioOffline, region } from './helpers.ts';
import { bigLettaAf } from '../test/support/bigLetta.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * The Corpus view (issue 25.3): a folder of recorded sessions opened in the studio is replayed
 * against the open rule set, each session on its own, and summed up as `rule-studio report` sums
 * it; a session with a violation is one click from its replay in the simulator.
 */
const corpus = (page: import('@playwright/test').Page) => region(page, 'Corpus');

/** A folder `sessions/` of 24 canonical sessions: every third calls `load` before `transform` (blocked by rule #4). */
function sessionsFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'rs-e2e-corpus-'));
  const dir = join(root, 'sessions');
  mkdirSync(dir);
  const call = (tool: string, s: number) => JSON.stringify({ type: 'tool_call', time: `2025-01-01T10:00:${String(s).padStart(2, '0')}Z`, tool });
  for (let i = 0; i < 24; i++) {
    const tools = i % 3 === 0 ? ['connect_db', 'extract', 'load', 'transform', 'load'] : ['connect_db', 'extract', 'transform', 'load', 'disconnect_db', 'send_message'];
    writeFileSync(join(dir, `run-${String(i).padStart(2, '0')}.jsonl`), `${tools.map((t, s) => call(t, s)).join('\n')}\n`);
  }
  writeFileSync(join(dir, 'notes.md'), 'not a session');
  return dir;
}

test('open a folder of sessions: the corpus summary, then one session replayed in the simulator', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = await openStudioOffline(page);
  await importPaths(page, [resolve('examples/etl-pipeline.toml')]);
  await expect(graphNode(page, 'load')).toBeVisible();

  await page.getByRole('tab', { name: /^Corpus/ }).click();
  await expect(corpus(page).getByText('Replay a folder of recorded sessions against this rule set')).toBeVisible();
  // "Open folder…" opens the folder picker; the folder's trace files are the corpus (notes.md is not)
  const chooser = page.waitForEvent('filechooser');
  await corpus(page).getByRole('button', { name: 'Open folder…' }).click();
  await (await chooser).setFiles(sessionsFolder());

  await expect(corpus(page).getByRole('status')).toHaveText('sessions/ · 24 sessions replayed', { timeout: 30_000 });
  await expect(corpus(page).getByRole('definition').nth(1)).toHaveText('8');
  await expect(corpus(page).getByRole('definition').nth(5)).toHaveText('4');
  const rules = corpus(page).getByRole('table').first();
  await expect(rules.getByRole('row', { name: /RequiresPrecedingTools on load/ })).toContainText('8');
  // rule names are drawn with their code spans, never with literal backticks
  await expect(rules.locator('code', { hasText: 'load' }).first()).toBeVisible();
  expect(await corpus(page).evaluate((el) => (el as HTMLElement).innerText.includes('`'))).toBe(false);
  await expect(rules.getByRole('row', { name: /never fired/ })).toHaveCount(4);
  const sessions = corpus(page).getByRole('table').nth(1);
  await expect(sessions.getByRole('row')).toHaveCount(1 + 8);
  await expect(sessions.getByRole('row', { name: /run-03\.jsonl/ })).toContainText('event 3: blocked load');

  // the Corpus view looked at in light and dark, at 1280×720 and 1440×900; axe finds no serious problem
  for (const [w, h] of [[1280, 720], [1440, 900]] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, `test-results/corpus-${w}x${h}-${scheme}.png`);
      if (w !== 1440) continue;
      expect((await axeViolations(page, { include: 'section.corpus-view' })).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    }

  // one click: the session becomes a trace of the project, replayed, its first violation selected
  await sessions.getByRole('button', { name: 'Replay sessions/run-03.jsonl in the simulator' }).click();
  await expect(page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' })).toHaveAttribute('aria-pressed', 'true');
  const selected = region(page, 'Timeline').getByRole('option', { selected: true });
  await expect(selected).toContainText('blocked');
  await expect(selected).toContainText('load');
  expect(errors).toEqual([]);
});

test('a folder opened while a rule file is still being imported waits for it, then replays against it', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = await openStudioOffline(page);
  // A 6,000-rule Letta agent file takes seconds to read and check in the import worker.
  await dropMadeFile(page, 'big.af', `(rules) => (${bigLettaAf.toString()})(Math.floor(rules / 10), rules)`, 6000);
  await page.getByRole('tab', { name: /^Corpus/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await corpus(page).getByRole('button', { name: 'Open folder…' }).click();
  await (await chooser).setFiles(sessionsFolder());
  // Before, the view replayed at once against an empty project and said it had no rule set.
  await expect(corpus(page).getByRole('status')).toHaveText('Waiting for the import to finish before replaying sessions/…');
  await expect(corpus(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
  await saveScreenshot(page, 'test-results/corpus-waiting-1440x900-light.png');
  await expect(corpus(page).getByRole('status')).toHaveText('sessions/ · 24 sessions replayed', { timeout: 120_000 });
  await expect(corpus(page).getByRole('alert')).toHaveCount(0);
  // Replayed against big.af, not an empty project: its `run_first` rule stops every session's first call.
  const totals = corpus(page).locator('.corpus-totals');
  await expect(totals.locator('.corpus-total', { hasText: 'With violations' }).locator('dd')).toHaveText('24');
  await expect(corpus(page).locator('.corpus-rule', { hasText: 'tool_0000' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
