import { defineConfig } from '@playwright/test';
import { E2E_ORIGIN, E2E_PORT as port } from './e2e/storage.ts';

/** Specs whose pages run long hot loops (big files and replays, budgets, long searches, frame times). */
const HEAVY = /\/(big-[^/]*|perf|simulator-perf|run-budget|teaching-budget|verifyCancel|prove-verify-limit|capped-view|no-lost-work|conformance|corpus|worker-watch)\.spec\.ts$/;

/** Debian's Chromium, with `extra` flags. */
function launch(extra: string[] = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extra],
  };
}

/**
 * End-to-end tests run the production bundle (`vite build` + `vite preview`) in Debian's
 * Chromium. Playwright never downloads a browser here: the executable is given explicitly.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // One worker unless `E2E_WORKERS` says more. `npm test` runs the `app` project on two (with one,
  // a quarter of this 2-core machine sat idle while tests waited on their pages; with two, those
  // specs took a fifth less time), then the `heavy` project alone on one: a heavy spec beside
  // another browser can miss its waits.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // One retry on CI absorbs a timing hiccup on a loaded 2-core machine; the summary line reports flaky tests.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Assertions wait up to 10 s, not Playwright's 5 s: on a loaded 2-core machine the editor's chunk
  // alone can take longer than 5 s to arrive and mount (seen at load 11). A wait is not a timing
  // assertion: a test still fails when the thing never appears.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'reports/e2e.json' }]],
  use: {
    // An action (a click, a screenshot) that cannot complete fails after 30 s instead of holding the
    // test to its whole timeout; the one retry on CI then absorbs a rare hang.
    actionTimeout: 30_000,
    baseURL: E2E_ORIGIN,
    trace: 'off',
    // The built app registers a service worker; specs see the network as it is (serve.spec allows it).
    serviceWorkers: 'block',
    // Files come uncompressed from the local preview server: it would gzip every response again for
    // each test (~5 MB of scripts per page), and the page unzip them, for nothing on loopback.
    extraHTTPHeaders: { 'Accept-Encoding': 'identity' },
    // What each test's browser remembers (the studio's layout) is seeded by the `test` of
    // e2e/test.ts, not by `storageState`: that loads a hidden page per test (~0.6 CPU-s).
    launchOptions: launch(),
  },
  projects: [
    // Most specs open fresh pages and click through them: code that runs briefly, where V8's
    // optimising tiers (Maglev, TurboFan) cost more CPU than they save (about 18% of a fresh page's
    // CPU here). Only the JIT tier changes; the app's behaviour does not.
    { name: 'app', testIgnore: HEAVY, use: { launchOptions: launch(['--js-flags=--max-opt=1']) } },
    // Specs whose pages run hot loops (big files and replays, budgets, long searches) keep them.
    { name: 'heavy', testMatch: HEAVY, workers: 1 },
  ],
  webServer: {
    // `vite build` alone: `npm test` type-checks before the end-to-end tests (as `npm run build` would
    // again). With E2E_BUILT set (`npm test` builds once for its two passes), dist/ is served as it is.
    command: `${process.env.E2E_BUILT ? '' : 'node_modules/.bin/vite build && '}node_modules/.bin/vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: E2E_ORIGIN,
    reuseExistingServer: !process.env.CI,
    timeout: 400_000,
  },
});
