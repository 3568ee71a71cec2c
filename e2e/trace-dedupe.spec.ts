import { expect, test } from './test.ts';
import { screenshotsWithAxe } from './helpers.ts';
import { editorOf, newScriptedTrace, pasteTrace, runStatus, sim } from './traceSteps.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * review16 (38-present-3): repeated calls in a scripted trace were merged silently: a step without
 * `after:` happens at the same instant as the one before, inside the 5-minute dedupe window, so a
 * second `load` showed as "merged". The trace editor marks each such line where it is written,
 * with why and the two fixes; the run then merges exactly those.
 */
const TRACE = `start: 2025-01-01T10:00:00Z
steps:
  # the agent extracts, then jumps straight to load
  - call: extract
  - call: load
  - call: transform
  - call: load
  - call: load
  - call: send_message
    after: 5s
`;

test('the trace editor marks the calls the dedupe window will merge, and the run merges them', async ({ page }) => {
  await newScriptedTrace(page);
  await pasteTrace(page, TRACE);
  const note = sim(page).locator('.sim-trace-warnings > summary');
  await expect(note).toHaveText('2 calls will be merged as duplicates by the dedupe window (lines 7, 8)');
  // a warning decoration on each of those lines; hovered, it says why and the two fixes
  const editor = editorOf(page);
  await expect(editor.locator('.squiggly-warning')).toHaveCount(2);
  // the pointer over the underline (the decoration itself lies under Monaco's text layer)
  const squiggle = await editor.locator('.squiggly-warning').first().boundingBox();
  if (!squiggle) throw new Error('no warning underline');
  await page.mouse.move(squiggle.x + squiggle.width / 2, squiggle.y + squiggle.height / 2);
  const hover = page.locator('.monaco-hover').filter({ hasText: 'merged as a duplicate' });
  await expect(hover).toContainText('merged as a duplicate: the same tool and args as step 2 (line 5) at the same instant');
  await expect(hover).toContainText('add `after: 5m` or longer, or give it different args');
  await saveScreenshot(page, 'test-results/trace-dedupe-warning-light-1280x720.png');
  await page.mouse.move(0, 0);
  // the same words under the editor, for the keyboard and a screen reader
  await note.click();
  const list = sim(page).getByRole('list', { name: 'Warnings in scenario.yaml' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('7:5 merged as a duplicate: the same tool and args as step 2 (line 5)');
  await expect(list.getByRole('listitem').nth(1)).toContainText('8:5 merged as a duplicate: the same tool and args as step 4 (line 7)');
  await screenshotsWithAxe(page, 'trace-dedupe-list', '[aria-label="Simulation"]');
  await page.setViewportSize({ width: 1280, height: 720 });

  // the run: step 2's load is blocked (transform comes first), so it never ran and line 7's load
  // runs, as its warning's "if that call ran" allows; line 8's, the same as line 7's, is merged
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus(page)).toHaveText(/^Done:/);
  await expect(sim(page).locator('.sim-dedupe')).toContainText('1 call was merged as duplicates');
  const rows = sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option');
  await expect(rows.filter({ hasText: 'merged load' })).toHaveCount(1);

  // the first fix: a window apart, the warning goes
  await sim(page).getByRole('tab', { name: /^Setup/ }).click();
  await pasteTrace(page, TRACE.replace('  - call: load\n  - call: load\n', '  - call: load\n    after: 5m\n  - call: load\n    after: 5m\n'));
  await expect(note).toHaveCount(0);
  await expect(editorOf(page).locator('.squiggly-warning')).toHaveCount(0);
});
