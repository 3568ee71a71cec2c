import { defineConfig } from '@playwright/test';

/** The preview server's port: `E2E_PORT` lets several checkouts run their suites side by side. */
const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * End-to-end tests run the production bundle (`vite build` + `vite preview`) in Debian's
 * Chromium. Playwright never downloads a browser here: the executable is given explicitly.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // One worker unless `E2E_WORKERS` says otherwise (`E2E_WORKERS=2 npm test`), so the whole suite can
  // be timed with 1 and 2 workers without editing this file. 2 is not the default: it has not yet
  // been timed twice, whole, on a quiet machine (task ci17).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // One retry on CI absorbs a timing hiccup on a loaded 2-core machine; the summary line reports flaky tests.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Assertions wait up to 10 s, not Playwright's 5 s: on a loaded 2-core machine the editor's chunk
  // alone can take longer than 5 s to arrive and mount (seen at load 11). A wait is not a timing
  // assertion: a test still fails when the thing never appears.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    // An action (a click, a screenshot) that cannot complete fails after 30 s instead of holding the
    // test to its whole timeout; the one retry on CI then absorbs a rare hang.
    actionTimeout: 30_000,
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    // The built app registers a service worker; specs see the network as it is (serve.spec allows it).
    serviceWorkers: 'block',
    // Specs about other things find the bottom panel (Source and problems) open, as a user who once
    // opened it does (the layout is remembered); the studio itself starts with it folded, which
    // `drawing.spec.ts` tests with empty storage.
    storageState: { cookies: [], origins: [{ origin: `http://127.0.0.1:${port}`, localStorage: [{ name: 'rule-studio:workspace', value: JSON.stringify({ mode: 'design', collapsed: { 'sim-explorer': true, bottom: false } }) }] }] },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // `vite build` alone: `npm test` type-checks before the end-to-end tests (as `npm run build` would again).
    command: `node_modules/.bin/vite build && node_modules/.bin/vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 400_000,
  },
});
