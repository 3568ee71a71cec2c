import { expect, test } from './test.ts';
import { axeViolations, seriousViolations } from './axe.ts';

/**
 * The axe runner every spec's accessibility check goes through finds what axe finds: a page with
 * faint text and an unnamed button fails, a scope or a rule list narrows the check, and a second
 * check in the same document (the script already injected) finds the same.
 */
test('the axe runner finds faint text and an unnamed button, and honours its scope and rules', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>axe</title></head><body>
    <main><h1>Checked</h1><p id="faint" style="color:#ccc;background:#fff">faint text</p><button id="bare"></button></main>
    <aside id="clean"><p style="color:#000;background:#fff">plain text</p></aside></body></html>`);
  const ids = async (...args: Parameters<typeof axeViolations>) => (await axeViolations(...args)).map((v) => v.id).sort();
  expect(await ids(page)).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
  expect(await seriousViolations(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^color-contrast: #faint/), expect.stringMatching(/^button-name: #bare/)]));
  expect(await ids(page, { include: '#clean' })).toEqual([]);
  expect(await ids(page, { exclude: '#bare' })).not.toContain('button-name');
  expect(await ids(page, { rules: ['button-name'] })).toEqual(['button-name']);
});
