/**
 * A half-written hegel rule (review 12, item 4): the graph follows the text with that rule left
 * out and its phase marked, instead of freezing on the last version that read cleanly; graph edits
 * wait for the fix, so the rule's text is never lost.
 */
import { expect, test } from './test.ts';
import { graphNode, openStudioOffline, region, setSource } from './helpers.ts';

test.use({ layout: { bottomOpen: true } });

/** The review's workflow: four phases, and a `repeated_command` rule with no `window`. */
const HALF_WRITTEN = `mode: execution
start_node: spec
nodes:
  spec:
    prompt: Write the spec.
    transitions:
      - when: spec_done
        to: code
  code:
    prompt: Write code.
    rules:
      - type: repeated_command
        pattern: "npm test"
        threshold: 3
    transitions:
      - when: code_done
        to: review
  review:
    prompt: Review.
    transitions:
      - when: changes_requested
        to: code
  orphan:
    prompt: Never reached.
    transitions:
      - when: x
        to: done
`;

test('a workflow with a half-written rule is drawn without that rule, its phase marked, and graph edits wait for the fix', async ({ page }) => {
  const errors = await openStudioOffline(page);
  await region(page, 'Graph').getByRole('button', { name: 'New workflow' }).click();
  await expect(region(page, 'Source')).toBeVisible();
  await setSource(page, HALF_WRITTEN);
  // The problem says the rule was dropped, and the graph shows the four phases of the text.
  const f003 = region(page, 'Problems').locator('li', { hasText: 'F003' });
  await expect(f003).toContainText('missing window, so the rule was dropped');
  for (const phase of ['spec', 'code', 'review', 'orphan']) await expect(graphNode(page, phase)).toBeVisible();
  await expect(region(page, 'Graph').getByRole('note', { name: 'Empty graph' })).toHaveCount(0);
  await expect(page.getByText('the graph shows the last version that read cleanly')).toHaveCount(0);
  // The phase of the dropped rule says so.
  await expect(graphNode(page, 'code')).toContainText('1 rule ignored');
  // A graph edit would write the workflow back without the rule: refused, nothing lost.
  await graphNode(page, 'orphan').click();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('alert').filter({ hasText: 'fix it in Source first' })).toBeVisible();
  await expect(graphNode(page, 'orphan')).toBeVisible();
  // Fixed in Source, the rule is read and the mark goes.
  await setSource(page, HALF_WRITTEN.replace('threshold: 3', 'threshold: 3\n        window: 120'));
  await expect(f003).toHaveCount(0);
  await expect(graphNode(page, 'code')).not.toContainText('ignored');
  await expect(graphNode(page, 'code')).toContainText('npm test');
  expect(errors).toEqual([]);
});
