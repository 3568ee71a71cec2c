/**
 * A large replay in the built app, as a user runs it: a 200,000-event trace (generated in the page
 * and added through the Setup tab's trace input) replays in the worker with progress shown; a
 * second run is cancelled midway; stepping the finished run shows the right step, checked against
 * the decision the rules must give there. The page's longest main-thread task during the run is
 * recorded as an annotation (no timed assertion: figures are `npm run bench -- chromium`'s job).
 *
 * The trace calls fetch, parse, store, notify in turn, one a second, each with its own arguments:
 * `store` may be called 1,000 times, so from step 4,002 (0-based; the 1,001st store) every 4th
 * step is `blocked store MaxCallsExceeded` and every other step is allowed.
 */
import { expect, test, type Page } from './test.ts';
import { stayOffline } from './helpers.ts';

const EVENTS = 200_000;
const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });

const AGENT = `name = "big"
tools = ["fetch", "parse", "store", "notify"]

[[tool_rules]]
tool_name = "parse"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["fetch"]

[[tool_rules]]
tool_name = "store"
rule_type = { type = "MaxCalls", value = 1000 }
`;
const TOOLS = ['fetch', 'parse', 'store', 'notify'];
/** The decision the rules give at a (0-based) step, as the timeline labels it. */
const expected = (step: number) => (step % 4 === 2 && step >= 4_002 ? 'blocked store MaxCallsExceeded' : `allowed ${TOOLS[step % 4]}`);

test.setTimeout(180_000);

test('a 200,000-event replay shows progress, can be cancelled, and steps to the right decision', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles({ name: 'big.toml', mimeType: 'text/plain', buffer: Buffer.from(AGENT) });
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  // The Setup view loads on first use: its trace input is there before the file is handed to it.
  await expect(sim(page).locator('input[aria-label="Trace files"]')).toBeAttached();
  await page.evaluate(
    ({ n, tools }) => {
      const base = Date.UTC(2025, 0, 1);
      const lines: string[] = [];
      for (let i = 0; i < n; i++) lines.push(`{"type":"tool_call","time":"${new Date(base + i * 1000).toISOString()}","tool":"${tools[i % 4]}","args":{"i":${i}}}`);
      const input = document.querySelector('input[aria-label="Trace files"]') as HTMLInputElement;
      const dt = new DataTransfer();
      dt.items.add(new File([lines.join('\n')], 'big.jsonl', { type: 'application/jsonl' }));
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { n: EVENTS, tools: TOOLS },
  );
  await expect(sim(page).getByRole('checkbox', { name: 'big.jsonl' })).toBeChecked({ timeout: 60_000 });
  const run = sim(page).getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled({ timeout: 30_000 });

  // Watch the progress bar and the main thread while the run goes.
  await page.evaluate(() => {
    const w = window as unknown as { __watch: { progress: number[]; tasks: number[] } };
    w.__watch = { progress: [], tasks: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__watch.tasks.push(e.duration);
    }).observe({ type: 'longtask' });
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Simulation progress"]');
      const v = Number(bar?.getAttribute('aria-valuenow'));
      if (w.__watch.progress.at(-1) !== v) w.__watch.progress.push(v);
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  // The run bar's status: the Setup tab's own status ("Added 1 trace.") may still be there too.
  const runStatus = sim(page).getByRole('status').and(page.locator('.sim-status'));
  await run.click();
  await expect(runStatus).toContainText(`Done: ${EVENTS.toLocaleString('en-US')} decisions from ${EVENTS.toLocaleString('en-US')} steps`, { timeout: 120_000 });
  const watched = await page.evaluate(() => (window as unknown as { __watch: { progress: number[]; tasks: number[] } }).__watch);
  // progress was shown between start and end, and only went forward
  expect(watched.progress.some((v) => v > 0 && v < 100)).toBe(true);
  expect(watched.progress).toEqual([...watched.progress].sort((a, b) => a - b));
  test.info().annotations.push({ type: 'longest main-thread task during the run (ms)', description: String(Math.round(Math.max(0, ...watched.tasks))) });

  // Stepping: scrub to a step, then step back with the keyboard; the timeline, the Decision and
  // the State panels show that step.
  const timeline = sim(page).getByRole('region', { name: 'Timeline' });
  const state = sim(page).getByRole('region', { name: 'State' });
  const slider = sim(page).getByRole('slider', { name: 'Step' });
  const showsStep = async (step: number) => {
    const row = timeline.locator('[role="option"][aria-selected="true"]');
    // rows are numbered by trace step from 1 (stepNumbering.ts), as the counter and the State panel
    await expect(row.locator('.sim-seq')).toHaveText(String(step + 1));
    await expect(row).toContainText(expected(step));
    await expect(state.getByRole('heading', { level: 3 })).toHaveText(`State after step ${step + 1}`);
  };
  await slider.fill('150002');
  await showsStep(150_002);
  await expect(sim(page).getByRole('region', { name: 'Decision' }).getByRole('heading', { level: 3 })).toContainText(/Blocked/);
  await expect(state).toContainText(/store\s*1000\s*1000/);
  await slider.press('ArrowLeft');
  await showsStep(150_001);
  await slider.press('Home');
  await slider.press('ArrowRight');
  await showsStep(0);
  await slider.fill(String(EVENTS - 2));
  await showsStep(EVENTS - 2);
  // The next violation from step 0 is the first store past its limit.
  await slider.fill('10');
  await showsStep(10);
  await timeline.getByRole('button', { name: 'Next violation' }).click();
  await showsStep(4_002);

  // A second run, cancelled midway: it stops with what it replayed, which can be stepped through.
  await run.click();
  await expect(runStatus).toHaveText(/^Running… [1-9][\d,]* decisions$/, { timeout: 60_000 });
  await sim(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(runStatus).toHaveText(/^Cancelled after [\d,]+ decisions$/, { timeout: 30_000 });
  const kept = Number((await runStatus.innerText()).replace(/\D/g, ''));
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(EVENTS);
  await slider.fill(String(kept - 1));
  await showsStep(kept - 1);
  expect(errors).toEqual([]);
});
