/**
 * Review 12 (smaller item): an empty `repeated_command` pattern said "Valid pattern". The Inspector
 * now says what the engine counts with no pattern or an empty one, and clearing the field removes
 * the pattern (back to the rule as it was added).
 */
import { expect, test } from './test.ts';
import { graphNode, openStudioOffline, region, selectByKeyboard, setSource } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

const WITH_EMPTY = `mode: execution
start_node: code
nodes:
  code:
    prompt: Write code.
    rules:
      - type: repeated_command
        pattern: ""
        threshold: 3
        window: 60
    transitions:
      - when: code_done
        to: done
`;

test('a blank pattern says what the engine counts, not "Valid pattern"', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const graph = region(page, 'Graph');
  const inspector = region(page, 'Inspector');
  await graph.getByRole('button', { name: 'New workflow' }).click();
  await expect(graphNode(page, 'start')).toBeVisible();
  await selectByKeyboard(page, 'start');
  await inspector.getByRole('button', { name: 'New phase rule' }).click();
  const pattern = inspector.getByRole('textbox', { name: 'Pattern (Rust regex)' });
  const field = inspector.locator('.insp-field', { has: page.getByRole('textbox', { name: 'Pattern (Rust regex)' }) });
  await expect(pattern).toHaveValue('');
  await expect(field).toContainText('No pattern: hegel counts every command; the spec profile counts only the most repeated command.');
  await expect(field).not.toContainText('Valid pattern');
  await saveScreenshot(page, 'test-results/ui15-1-no-pattern-light-1280x720.png');

  await pattern.fill('cargo');
  await expect(field).toContainText('Valid pattern (Rust regex)');
  const lines = region(page, 'Source').locator('.monaco-editor .view-lines').first();
  await expect(lines).toContainText('pattern: "cargo"');
  // Cleared: the pattern is gone from the file, as before it was typed.
  await pattern.fill('');
  await expect(field).toContainText('No pattern: hegel counts');
  await expect(lines).not.toContainText('pattern:');

  // An empty pattern written in the file is a regex that matches every command.
  await setSource(page, WITH_EMPTY);
  await selectByKeyboard(page, 'code');
  await expect(pattern).toHaveValue('');
  await expect(field).toContainText('Empty pattern: it matches every command, so every command counts (both profiles).');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, 'test-results/ui15-1-empty-pattern-dark-1440x900.png');
  expect(errors).toEqual([]);
});
