/**
 * What the specs' browsers remember before a test starts. The preview server's port is
 * `E2E_PORT` (default 4173), so several checkouts can run their suites side by side.
 */
import type { BrowserContext } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** The origin the built app is served from in the end-to-end tests. */
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The studio's layout as a returning user left it: Design mode with the simulator's explorer folded.
 * `bottomOpen`: the bottom panel (Source and problems, Tests, Corpus, Policy) open, as a user who
 * once opened it finds it; folded, as on a first visit.
 */
export interface RememberedLayout {
  bottomOpen: boolean;
}

/** The cookie that says a context's storage was seeded (cookies outlive `localStorage.clear()`). */
const SEEDED = 'rule-studio-e2e-seeded=1';

/**
 * Seeds `context` with a remembered layout: the first document of the studio's origin in the
 * context writes it to `localStorage`, as Playwright's `storageState` would, and later documents
 * (reloads, second tabs) find what the app left there. Playwright's `storageState` does the same by
 * loading a hidden page per context: about 0.6 CPU-s per test on a 2-core machine, ~2.5 min of the
 * suite; an init script costs next to nothing.
 */
export async function seedLayout(context: BrowserContext, { bottomOpen }: RememberedLayout): Promise<void> {
  const workspace = JSON.stringify({ mode: 'design', collapsed: { 'sim-explorer': true, bottom: !bottomOpen } });
  await context.addInitScript(
    ({ origin, value, seeded }) => {
      try {
        if (location.origin !== origin || document.cookie.includes(seeded)) return;
        localStorage.setItem('rule-studio:workspace', value);
        document.cookie = `${seeded}; path=/`;
      } catch {
        // an opaque origin (about:blank, a sandboxed frame) has no storage to seed
      }
    },
    { origin: E2E_ORIGIN, value: workspace, seeded: SEEDED },
  );
}
