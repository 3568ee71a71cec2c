import { expect, test } from './test.ts';
import { newScriptedTrace, runStatus, sim } from './traceSteps.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * review16's smaller items: the trace editor trapped Tab (Tab indents; Esc then Tab stayed) with
 * no hint, and "New scripted trace" left the focus on its button; a timeline error row said
 * "line" twice ("error line 3: line 3: …"); the scrub slider had no aria-valuetext.
 */
test('New scripted trace focuses the editor, which says how Tab leaves it', async ({ page }) => {
  const editor = await newScriptedTrace(page);
  await expect(editor.locator('textarea')).toBeFocused();
  await expect(sim(page).getByText('Ctrl+M toggles Tab moving focus')).toBeVisible();
  // as the review did: Tab twice stays in the editor (it indents) ...
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(editor.locator('textarea')).toBeFocused();
  // ... and with Ctrl+M, Tab moves the focus out
  await page.keyboard.press('Control+m');
  await page.keyboard.press('Tab');
  await expect(editor.locator('textarea')).not.toBeFocused();
  await expect(page.locator('body')).not.toBeFocused();
  await saveScreenshot(page, 'test-results/trace-keyboard-light-1280x720.png');
});

test('a recorded log’s unreadable line says “line” once, and the slider says the step in words', async ({ page }) => {
  await newScriptedTrace(page);
  // a trace read as a canonical log (recorded logs keep their unreadable lines as error rows)
  const line = (tool: string, s: number) => JSON.stringify({ type: 'tool_call', time: `2025-01-01T10:00:0${s}Z`, tool });
  const chooser = page.waitForEvent('filechooser');
  await sim(page).getByRole('button', { name: 'Add trace', exact: true }).click();
  await (
    await chooser
  ).setFiles({ name: 'session.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(`${line('extract', 1)}\nnot json\n${line('transform', 3)}\n${line('load', 4)}\n`) });
  await expect(sim(page).getByRole('checkbox', { name: 'session.jsonl' })).toBeChecked();
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus(page)).toHaveText(/^Done:/);
  const error = sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option').filter({ hasText: 'error line 2' });
  await expect(error).toHaveCount(1);
  await expect(error).not.toContainText('line 2: line 2');
  await expect(error).toContainText('error line 2: not valid JSON');
  const slider = sim(page).getByRole('slider', { name: 'Step' });
  const items = Number(await slider.getAttribute('max')) + 1;
  await expect(slider).toHaveAttribute('aria-valuetext', `Before step 1 of ${items}`);
  await sim(page).getByRole('button', { name: 'Step forward' }).click();
  await sim(page).getByRole('button', { name: 'Step forward' }).click();
  await sim(page).getByRole('button', { name: 'Step forward' }).click();
  await expect(slider).toHaveAttribute('aria-valuetext', `Step 3 of ${items}`);
});
