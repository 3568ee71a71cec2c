import { expect, test } from './test.ts';
import { screenshotsWithAxe } from './helpers.ts';
import { editorOf, newScriptedTrace, pasteTrace, runStatus, sim } from './traceSteps.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * review16 (shots 72, 73 and 08): Run replayed a scripted trace it could not read whole. A typo
 * (`- cal: transform`) gave an error row and then a made-up `blocked load PrerequisitesNotMet`
 * (the dropped step missing), with Save as test enabled; a trace full of YAML errors said
 * `Done: 17 decisions from 17 steps`. Run now replays nothing, says how many errors and where the
 * first is (`file:line:column`), and puts the cursor on it in the editor.
 */
test('a scripted trace with a typo is not run: the status says where, the cursor is on it', async ({ page }) => {
  await newScriptedTrace(page);
  await pasteTrace(page, 'steps:\n  - call: extract\n  - cal: transform\n  - call: load\n');
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();

  await expect(runStatus(page)).toHaveText('Not run: the trace has 1 error (at line 3)');
  const alert = sim(page).getByRole('alert');
  await expect(alert).toContainText('scenario.yaml was not replayed');
  await expect(alert.getByRole('list', { name: 'Errors in scenario.yaml' })).toContainText("scenario.yaml:3:5 step 2: unknown key 'cal' (did you mean 'call'?)");
  // nothing replayed: no rows, no made-up block, nothing to save as a test
  const rows = sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option');
  await expect(rows).toHaveCount(0);
  await expect(sim(page)).not.toContainText('PrerequisitesNotMet');
  await expect(sim(page).getByRole('button', { name: 'Save as test', exact: true })).toBeDisabled();
  // the editor has the keyboard, its cursor on line 3 at the misspelt key
  const editor = editorOf(page);
  await expect(editor.locator('textarea')).toBeFocused();
  await expect(editor.locator('.line-numbers.active-line-number')).toHaveText('3');
  await page.keyboard.type('l');
  await expect(editor.locator('.view-lines')).toContainText('- lcal: transform');
  await page.keyboard.press('Backspace');
  // fixed, it runs
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('l');
  await expect(editor.locator('.view-lines')).toContainText('- call: transform');
  await expect(sim(page).locator('.sim-trace-problems')).toHaveCount(0);
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus(page)).toHaveText(/^Done: \d+ decisions from 3 steps/);
  await expect(sim(page).getByRole('button', { name: 'Save as test', exact: true })).toBeEnabled();
});

test('a trace full of YAML errors says how many and where the first is, never “Done”', async ({ page }) => {
  await newScriptedTrace(page);
  const editor = editorOf(page);
  // as the review did: typed over the template, which Monaco indents line after line
  await editor.locator('textarea').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(
    'start: 2025-01-01T10:00:00Z\nsteps:\n  # the agent extracts, then jumps straight to load\n  - call: extract\n  - call: load\n  - call: transform\n  - call: load\n  - call: load\n  - call: send_message\n    after: 5s\n',
  );
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus(page)).toHaveText(/^Not run: the trace has \d+ errors \(first at line \d+\)$/);
  await expect(runStatus(page)).not.toContainText('Done');
  await expect(sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option')).toHaveCount(0);
  await expect(editorOf(page).locator('textarea')).toBeFocused();
  await screenshotsWithAxe(page, 'trace-refused', '[aria-label="Simulation"]');
});
