/**
 * The built page under its Content-Security-Policy: the policy is in the page and in the preview
 * server's headers, and the editor (Monaco and its YAML worker), auto layout (elk worker), the graph
 * and a simulation run all work without one violation. Monaco's DOMPurify is the pinned package.
 */
import { expect, test, type Page } from './test.ts';
import { region, stayOffline } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

const violations: string[] = [];

test.beforeEach(async ({ page }) => {
  violations.length = 0;
  await stayOffline(page);
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load (CSP ${e.violatedDirective}): ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
});

async function openExample(page: Page, name: string) {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Examples' });
  await dialog.getByRole('button', { name, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('the page and the preview server carry the policy and the security headers', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toContain("default-src 'self'");
  expect(meta).toContain("script-src 'self'");
  expect(meta).toContain("object-src 'none'");
  // No inline script anywhere in the built page.
  expect(await page.locator('script:not([src])').count()).toBe(0);
});

test('editor, YAML worker and auto layout work under the policy (simulator.spec runs the simulation worker under it)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await openExample(page, 'hegel-minimal.yaml');
  // Monaco and monaco-yaml's worker: a schema marker appears for an unknown key.
  const source = region(page, 'Source');
  await expect(source.locator('.monaco-editor')).toBeVisible({ timeout: 60_000 });
  // Type only once the editor shows the file: it may still be opening it.
  await expect(source.locator('.monaco-editor .view-lines')).toContainText('start_node: spec');
  // The text area, not a click on the lines: a click at the lines' centre can land where Monaco's
  // own scrolling does not expect it, and the editor then takes no focus.
  await source.locator('.monaco-editor textarea').focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nbogus_key: 1');
  await expect(source.locator('.monaco-editor .view-lines')).toContainText('bogus_key: 1');
  await expect(source.locator('.squiggly-error, .squiggly-warning').first()).toBeVisible({ timeout: 20_000 });
  // Hover text goes through Monaco's markdown renderer, and so through the pinned DOMPurify.
  const version = await page.evaluate(async () => {
    const scripts = performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.js'));
    const texts = await Promise.all(scripts.map((s) => fetch(s).then((r) => r.text())));
    return { pinned: texts.some((t) => t.includes('version=`3.4.18`') || t.includes('version="3.4.18"')), vendored: texts.some((t) => t.includes('DOMPurify 3.1.7')) };
  });
  expect(version).toEqual({ pinned: true, vendored: false });

  // elk in its worker.
  await openExample(page, 'etl-pipeline.toml');
  await page.getByRole('button', { name: 'Auto layout', exact: true }).first().click();
  await expect(region(page, 'Graph').locator('.react-flow__node').first()).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
