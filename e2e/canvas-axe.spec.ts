import { axeViolations } from './axe.ts';
import { expect, test, type Browser, type Page } from './test.ts';
import { region, stayOffline, transitionsEnded } from './helpers.ts';
import { settled } from './canvasGeometry.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * axe on the pages issue 8 lists, in light and dark at 1280×720: the empty project, every gallery
 * example, the simulator with a step selected, and the presenter view. No serious or critical
 * violation may remain. Each page is checked in both schemes in turn (the studio follows the
 * system's), so each example is opened once.
 */
const SIZE = { width: 1280, height: 720 };
const SCHEMES = ['light', 'dark'] as const;

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZE, colorScheme: 'light' });
  const page = await context.newPage();
  await stayOffline(page);
  await page.goto('/');
  return page;
}

/** The serious and critical findings, one line each with the first offending element. */
async function seriousFindings(page: Page): Promise<string[]> {
  // Colour transitions (buttons fade in 120 ms) end before the contrast is measured.
  await transitionsEnded(page);
  // Monaco's editor is left out: its DOM is huge (slow to check) and is Monaco's own.
  return (await axeViolations(page, { exclude: '.monaco-editor' }))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

async function openGallery(page: Page) {
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  return page.getByRole('dialog', { name: 'Examples' });
}

/** The serious and critical findings in light and in dark, the page switching schemes as a user's system does. */
async function findingsInBothSchemes(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
    found.push(...(await seriousFindings(page)).map((f) => `${where}, ${scheme}: ${f}`));
  }
  return found;
}

test('axe, light and dark: the empty project and every example', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await freshPage(browser);
  await expect(region(page, 'Graph').getByRole('heading', { name: 'Nothing to draw yet' })).toBeVisible();
  expect(await findingsInBothSchemes(page, 'empty project')).toEqual([]);
  // The gallery opens at once and fills its list when the examples have loaded (they are not in the first load).
  const list = (await openGallery(page)).getByRole('list', { name: 'Examples' });
  await expect(list.getByRole('button').first()).toBeVisible();
  const names = (await list.getByRole('button').allInnerTexts()).map((n) => n.trim());
  expect(await findingsInBothSchemes(page, 'the examples gallery')).toEqual([]);
  expect(names.length).toBeGreaterThan(1);
  await page.keyboard.press('Escape');
  // Each example opens as a copy in the same project and becomes the shown document.
  for (const name of names) {
    await (await openGallery(page)).getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Examples' })).toBeHidden();
    await settled(page, region(page, 'Graph'));
    // A tool or phase selected, so the Inspector's fields are checked too.
    await region(page, 'Graph').locator('.react-flow__node').first().click();
    expect(await findingsInBothSchemes(page, name)).toEqual([]);
  }
  await page.context().close();
});

test('axe, light and dark: the simulator with a step selected, and the presenter view', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await freshPage(browser);
  await (await openGallery(page)).getByRole('button', { name: 'ETL pipeline, step by step', exact: true }).click();
  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage).toBeVisible({ timeout: 20_000 });
  // Step 1 is two slides (connect_db run automatically, then transform blocked): three presses to step 2.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(stage.getByText('Step 2 of 9')).toBeVisible();
  await settled(page, region(page, 'Stage graph'));
  expect(await findingsInBothSchemes(page, 'presenter view')).toEqual([]);
  for (const theme of ['Dark', 'Light', 'High contrast']) {
    await stage.getByRole('button', { name: theme, exact: true }).click();
    expect(await seriousFindings(page), `presenter view, ${theme} stage`).toEqual([]);
  }
  await page.keyboard.press('Escape');
  const sim = region(page, 'Simulation');
  // The selected row and a violation row (the colours axe once found too faint).
  await sim.getByRole('button', { name: 'Next violation', exact: true }).click();
  await expect(sim.getByRole('listbox', { name: 'Decisions' }).getByRole('option', { selected: true })).toBeVisible();
  for (const tab of ['Step', 'Setup', 'Changes', 'Summary']) {
    await sim.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    expect(await findingsInBothSchemes(page, `simulator, ${tab}`)).toEqual([]);
  }
  await page.context().close();
});

test('every part of the page is in a landmark, and each landmark is one a reader expects', async ({ browser }) => {
  const page = await freshPage(browser);
  await expect(region(page, 'Graph').getByRole('heading', { name: 'Nothing to draw yet' })).toBeVisible();
  // Any impact counts here: "region" and "aria-allowed-role" are moderate and minor, and were missed.
  const landmarkFindings = async (where: string) =>
    (await axeViolations(page, { exclude: '.monaco-editor', rules: ['region', 'aria-allowed-role', 'landmark-one-main', 'landmark-no-duplicate-main', 'landmark-unique', 'landmark-banner-is-top-level', 'landmark-main-is-top-level'] })).map(
      (v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(await landmarkFindings('empty project')).toEqual([]);
  await (await openGallery(page)).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  await settled(page, region(page, 'Graph'));
  expect(await landmarkFindings('Design')).toEqual([]);
  await expect(page.getByRole('banner').getByRole('toolbar', { name: 'Rule Studio' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('separator', { name: 'Resize explorer' })).toBeVisible();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Simulate' })).toBeAttached();
  expect(await landmarkFindings('Simulate')).toEqual([]);
  await page.context().close();
});
