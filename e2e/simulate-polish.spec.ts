import { expect, test, type Page } from './test.ts';
import { region, screenshotsWithAxe, stayOffline } from './helpers.ts';

/**
 * Simulate no longer looks like a debug page (review of 2026-11-29): timeline rows end in marks
 * with words, not "(ok, end)"; a blocked step names its rule and links to where it is written,
 * the engine's message behind a disclosure; Setup is a settings form of Radix controls with
 * labels and inline problems; loading states are one spinner with what is loading.
 */
const sim = (page: Page) => region(page, 'Simulation');

async function openWalkthrough(page: Page) {
  await stayOffline(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'ETL pipeline, step by step' }).click();
  await expect(page.getByRole('dialog', { name: 'Presenter view' })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await sim(page).getByRole('button', { name: 'Next violation', exact: true }).click();
}

test('timeline marks, a blocked step explained with its rule, and the Setup form', async ({ page }) => {
  await openWalkthrough(page);
  const rows = sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option');
  await expect(rows).toHaveCount(12);
  // No parenthesised suffix in any row's text; outcome and flow are marks with words.
  expect((await rows.allInnerTexts()).filter((t) => t.includes('('))).toEqual([]);
  const allowed = rows.filter({ hasText: 'allowed extract' });
  await expect(allowed).toHaveAccessibleName(/allowed extract\s*, ran: ok\s*, the turn ends$/);
  await expect(allowed.locator('.sim-mark-main [aria-hidden="true"]')).toHaveText('✓');
  const selected = rows.and(page.locator('[aria-selected="true"]'));
  await expect(selected).toHaveAccessibleName(/blocked transform PrerequisitesNotMet\s*, rule #3$/);
  // The marks sit in one column: centred on the same x on every row that has one.
  const centres = await rows.locator('.sim-mark-main').evaluateAll((els) => els.map((e) => { const r = e.getBoundingClientRect(); return (r.left + r.right) / 2; }));
  expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(1);

  // The blocked step: what, by which rule, where it is written; the engine's words on request.
  const decision = region(page, 'Decision');
  await expect(decision.locator('.sim-summary')).toHaveText('transform was blocked by rule #3: it needs extract to be called first in this batch.');
  await expect(decision.locator('ul').first()).not.toContainText('cannot be executed');
  await decision.getByText('Engine message', { exact: true }).click();
  await expect(decision.locator('.sim-engine')).toContainText('PrerequisitesNotMet Tool transform cannot be executed');

  // Setup: Radix controls, each named by its label and described by its help.
  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  const settings = sim(page).getByRole('form', { name: 'Replay settings' });
  await expect(settings.getByRole('combobox', { name: 'Ordering scope' })).toHaveAccessibleDescription(/Default: batch\./);
  await expect(settings.getByRole('switch', { name: 'Require permissions' })).toBeChecked();
  await expect(sim(page).getByRole('checkbox', { name: 'etl-walkthrough.yaml' })).toBeChecked();
  // (Radix keeps hidden native inputs inside a form for its value: aria-hidden, never seen)
  await expect(sim(page).locator('select:not([aria-hidden="true"]), input[type="checkbox"]:not([aria-hidden="true"])')).toHaveCount(0);
  await settings.getByRole('switch', { name: 'Require permissions' }).click();
  await expect(settings.getByRole('switch', { name: 'Require permissions' })).not.toBeChecked();
  // A bad number: reported under its field with what is allowed; the text typed stays.
  const dedupe = settings.getByRole('textbox', { name: 'Dedupe window' });
  await dedupe.fill('5m');
  await expect(dedupe).toHaveAttribute('aria-invalid', 'true');
  await expect(dedupe).toHaveAccessibleDescription(/“5m” is not allowed: a whole number of milliseconds \(0 or more\)\./);
  await expect(dedupe).toHaveValue('5m');
  await dedupe.fill('60000');
  await expect(dedupe).not.toHaveAttribute('aria-invalid', 'true');
  await settings.getByRole('switch', { name: 'Require permissions' }).click();

  // The link to the rule: Design, the rule selected in the inspector, its line in the source.
  await sim(page).getByRole('tab', { name: /^Step/ }).click();
  await decision.getByRole('button', { name: /^etl-pipeline\.toml:25:1/ }).click();
  await expect(region(page, 'Inspector')).toContainText('Rule #3');
  await expect(page.locator('.react-flow__edge.selected')).toHaveAttribute('aria-label', 'extract before transform');
});

test('the simulator loads behind one loading state that says what loads', async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Examples', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Examples' }).getByRole('button', { name: 'etl-pipeline.toml', exact: true }).click();
  // Hold the simulator's code back a moment, so its loading state is there to be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/SimulationPanel[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  const loading = page.getByRole('status').filter({ hasText: 'Loading the simulator…' });
  await expect(loading).toBeVisible();
  await expect(loading).toHaveAttribute('aria-busy', 'true');
  await expect(loading.locator('.ui-spinner')).toHaveCount(1);
  release();
  await expect(sim(page)).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test('look: Simulate at a blocked step and Setup, light and dark, 1280×720 and 1440×900, axe clean', async ({ page }) => {
  test.setTimeout(120_000);
  await openWalkthrough(page);
  await expect(region(page, 'Decision').locator('.sim-rule-at')).toBeVisible();
  await screenshotsWithAxe(page, 'ui6-step', '[role="region"][aria-label="Simulation"]');
  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  await sim(page).getByRole('textbox', { name: 'Dedupe window' }).fill('5m');
  await sim(page).getByRole('textbox', { name: 'Stop after' }).scrollIntoViewIfNeeded();
  await screenshotsWithAxe(page, 'ui6-setup', '[role="region"][aria-label="Simulation"]');
});
