/**
 * What the specs' browsers remember before a test starts. The preview server's port is
 * `E2E_PORT` (default 4173), so several checkouts can run their suites side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/** The origin the built app is served from in the end-to-end tests. */
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/**
 * A studio opened before, in Design mode with the simulator's explorer folded. `bottomOpen`: the
 * bottom panel (Source and problems, Tests, Corpus, Policy) open, as a user who once opened it finds it; folded, as
 * on a first visit. Folded is the default (playwright.config.ts): an open panel loads the editor,
 * about 3 s of CPU per page on a 2-core machine. Specs about the panel's contents ask for it:
 * `test.use({ storageState: rememberedLayout({ bottomOpen: true }) })`.
 */
export function rememberedLayout({ bottomOpen }: { bottomOpen: boolean }) {
  const workspace = { mode: 'design', collapsed: { 'sim-explorer': true, bottom: !bottomOpen } };
  return { cookies: [], origins: [{ origin: E2E_ORIGIN, localStorage: [{ name: 'rule-studio:workspace', value: JSON.stringify(workspace) }] }] };
}
