import { expect, test, type Page } from './test.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * Performance script (prints figures; no timed assertions): a canonical trace (200,000 events by
 * default; `SIM_PERF_EVENTS=1000000` for the full million, which `npm run bench -- chromium` measures)
 * is built in the page, added through the panel's trace input and replayed in the worker while the
 * page records frame times (requestAnimationFrame deltas), event-loop lag and the latency of real
 * key presses (handler time − event timestamp). Cancelling a run midway is big-replay.spec.ts's.
 */
const EVENTS = Number(process.env.SIM_PERF_EVENTS ?? 200_000);
/** store's MaxCalls: reached early in the run (store is every 4th call), so the limit's state is checked at the end. */
const STORE_LIMIT = Math.floor(EVENTS / 10);
const sim = (page: Page) => page.getByRole('region', { name: 'Simulation', exact: true });

const AGENT = `name = "perf"
tools = ["fetch", "parse", "store", "notify"]

[[tool_rules]]
tool_name = "parse"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["fetch"]

[[tool_rules]]
tool_name = "notify"
rule_type = { type = "Cooldown", value = 30 }

[[tool_rules]]
tool_name = "store"
rule_type = { type = "MaxCalls", value = ${STORE_LIMIT} }
`;

test.setTimeout(600_000);

test(`${EVENTS.toLocaleString('en')}-event replay: run time, frame rate, input latency, cancel`, async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1100 });
  await page.goto('/');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await (await chooser).setFiles({ name: 'perf.toml', mimeType: 'text/plain', buffer: Buffer.from(AGENT) });
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await expect(sim(page)).toBeVisible();
  await sim(page).getByRole('tab', { name: 'Setup' }).click();

  // Build the trace in the page and hand it to the panel's file input as a File.
  const built = await page.evaluate((n) => {
    const t0 = performance.now();
    const tools = ['fetch', 'parse', 'store', 'notify'];
    const base = Date.UTC(2025, 0, 1);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(`{"type":"tool_call","time":"${new Date(base + i * 1000).toISOString()}","tool":"${tools[i % 4]}","args":{"i":${i}}}`);
    const file = new File([parts.join('\n')], 'million.jsonl', { type: 'application/jsonl' });
    const input = document.querySelector('input[aria-label="Trace files"]') as HTMLInputElement;
    const dt = new DataTransfer();
    dt.items.add(file);
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return { ms: performance.now() - t0, bytes: file.size };
  }, EVENTS);
  await expect(sim(page).getByRole('checkbox', { name: 'million.jsonl' })).toBeChecked({ timeout: 60_000 });
  console.log(`trace built in the page: ${EVENTS} events, ${(built.bytes / 1048576).toFixed(1)} MB in ${built.ms.toFixed(0)} ms`);
  // The project (now holding the trace) is autosaved once; the replay is measured after that.
  const saveStart = Date.now();
  await expect(page.locator('html[data-autosave="saved"]')).toBeAttached({ timeout: 60_000 });
  console.log(`first autosave with the trace: done within ${Date.now() - saveStart} ms of the trace appearing`);

  await page.evaluate(() => {
    const w = window as unknown as { __perf: { frames: number[]; lags: number[]; keys: number[]; running: boolean; t0: number; tEnd?: number } };
    w.__perf = { frames: [], lags: [], keys: [], running: false, t0: 0 };
    const p = w.__perf;
    let last = performance.now();
    const frame = (now: number) => {
      if (p.running) p.frames.push(now - last);
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    let expected = performance.now() + 50;
    setInterval(() => {
      const now = performance.now();
      if (p.running) p.lags.push(Math.max(0, now - expected));
      expected = now + 50;
    }, 50);
    window.addEventListener('keydown', (e) => {
      if (p.running && e.key === 'Shift') p.keys.push(performance.now() - e.timeStamp);
    });
    const status = () => document.querySelector('.sim-status')?.textContent ?? '';
    new MutationObserver(() => {
      if (p.running && /^(Done|Cancelled|The run failed)/.test(status())) {
        p.tEnd = performance.now();
        p.running = false;
      }
    }).observe(document.body, { subtree: true, characterData: true, childList: true });
    const run = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Run');
    run?.addEventListener('click', () => {
      p.t0 = performance.now();
      p.tEnd = undefined;
      p.frames = [];
      p.lags = [];
      p.keys = [];
      p.running = true;
    }, { capture: true });
  });

  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  // Real key presses while the replay runs: their handler delay is the input latency.
  for (;;) {
    const running = await page.evaluate(() => (window as unknown as { __perf: { running: boolean } }).__perf.running);
    if (!running) break;
    await page.keyboard.press('Shift');
    await page.waitForTimeout(150);
  }
  const figures = await page.evaluate(() => {
    const p = (window as unknown as { __perf: { frames: number[]; lags: number[]; keys: number[]; t0: number; tEnd?: number } }).__perf;
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const pct = (xs: number[], q: number) => (xs.length ? (sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number) : NaN);
    const frameTime = p.frames.reduce((a, b) => a + b, 0);
    return {
      runMs: (p.tEnd ?? NaN) - p.t0,
      status: document.querySelector('.sim-status')?.textContent ?? '',
      fps: p.frames.length / (frameTime / 1000),
      frameP95: pct(p.frames, 0.95),
      frameMax: Math.max(0, ...p.frames),
      lagP95: pct(p.lags, 0.95),
      lagMax: Math.max(0, ...p.lags),
      keys: p.keys.length,
      keyP95: pct(p.keys, 0.95),
      keyMax: Math.max(0, ...p.keys),
    };
  });
  console.log(`status: ${figures.status}`);
  console.log(`Run → last decision: ${(figures.runMs / 1000).toFixed(2)} s`);
  console.log(`frames during the run: ${figures.fps.toFixed(1)} fps (p95 ${figures.frameP95.toFixed(1)} ms, max ${figures.frameMax.toFixed(1)} ms)`);
  console.log(`event-loop lag: p95 ${figures.lagP95.toFixed(1)} ms, max ${figures.lagMax.toFixed(1)} ms`);
  console.log(`key presses: ${figures.keys}, input latency p95 ${figures.keyP95.toFixed(1)} ms, max ${figures.keyMax.toFixed(1)} ms`);
  expect(figures.status).toMatch(/^Done/);

  // Stepping a finished million-event run: Next violation, then a step back (re-run in the worker).
  const t1 = Date.now();
  await sim(page).getByRole('button', { name: 'Next violation', exact: true }).click();
  await expect(sim(page).getByRole('region', { name: 'Decision' }).getByRole('heading')).toBeVisible({ timeout: 60_000 });
  console.log(`Next violation explained in ${Date.now() - t1} ms`);
  await sim(page).getByRole('slider', { name: 'Step' }).fill(String(EVENTS - 10));
  const t2 = Date.now();
  await sim(page).getByRole('button', { name: 'Step back', exact: true }).click();
  const state = sim(page).getByRole('region', { name: 'State' });
  await expect(state).toContainText(`after step ${EVENTS - 10}`, { timeout: 120_000 });
  console.log(`scrub near the end + Step back: state shown in ${Date.now() - t2} ms`);
  // and it is the state after that step: its event's time (one event a second) and store's calls,
  // which stopped at its MaxCalls limit long before (store is every 4th call: EVENTS / 4 in all)
  await expect(state.locator('dt:text-is("Clock") + dd time')).toHaveAttribute('datetime', new Date(Date.UTC(2025, 0, 1) + (EVENTS - 11) * 1000).toISOString());
  const storeCalls = Math.min(STORE_LIMIT, Math.floor((EVENTS - 11 - 2) / 4) + 1);
  await expect(state.getByRole('table', { name: 'Calls and limits' }).getByRole('row', { name: new RegExp(`^store ${storeCalls} ${STORE_LIMIT}$`) })).toBeVisible();

  await saveScreenshot(page, 'test-results/simulator-perf.png', { fullPage: true });
});
