import { expect, test, type Page } from './test.ts';
import { graphNode, region, screenshotsWithAxe, stayOffline, transitionsEnded } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Review 12 #5: a workflow built from the keyboard, as Stately Studio builds one. A phase added while
 * a phase is selected comes after it (below it, joined by a transition, or inserted on its one way
 * out: review 14; one undo step); C on a phase connects it to another phase from a list, as C
 * does for tools.
 */
test.use({ viewport: { width: 1280, height: 720 } });

const graph = (page: Page) => region(page, 'Graph');
const nameField = (page: Page) => region(page, 'Inspector').getByRole('textbox', { name: 'Name', exact: true });
const transition = (page: Page, from: string, to: string, when: string) => graph(page).locator(`.react-flow__edge[aria-label="${from} to ${to} when ${when}"]`);
const positionOf = (page: Page, id: string) =>
  graphNode(page, id).evaluate((n) => {
    const m = new DOMMatrixReadOnly(getComputedStyle(n).transform);
    return { x: m.e, y: m.f };
  });

/** Ctrl+Shift+H, then types the new phase's name and Enter, as the review did. */
async function addPhaseNamed(page: Page, name: string) {
  await page.keyboard.press('ControlOrMeta+Shift+H');
  await expect(nameField(page)).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(graphNode(page, name)).toBeVisible();
  await expect(graphNode(page, name)).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.goto('/');
  await graph(page).getByRole('button', { name: 'New workflow' }).click();
  await expect(graphNode(page, 'start')).toBeVisible();
});

test('New workflow, Ctrl+Shift+H twice, C: each phase follows the selected one, C connects phases', async ({ page }) => {
  await addPhaseNamed(page, 'plan');
  // Nothing was selected: the first phase stands alone, as before.
  await expect(graph(page).locator('.react-flow__edge')).toHaveCount(1);
  await addPhaseNamed(page, 'review');
  // plan was selected: review comes after it, joined as a drawn transition is, and below it.
  await expect(transition(page, 'plan', 'review', 'plan_complete')).toHaveCount(1);
  const [plan, review] = [await positionOf(page, 'plan'), await positionOf(page, 'review')];
  expect(review.y).toBeGreaterThan(plan.y);
  expect(review.x).toBe(plan.x);

  // C on review: the other phases (and the end) to choose from.
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Connect “review”' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox')).toBeFocused();
  await expect(dialog.getByRole('option')).toHaveText(['start', 'plan', 'done (end)']);
  await page.keyboard.type('don');
  await expect(dialog.getByRole('option')).toHaveText(['done (end)']);
  await screenshotsWithAxe(page, 'keyboard-phases', '#root');
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('combobox').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(transition(page, 'review', 'done', 'review_complete')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Connected: review to done when review_complete' })).toBeVisible();
  // The Inspector offers the same connect beside New transition.
  await region(page, 'Inspector').getByRole('button', { name: 'Connect…' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect “review”' }).getByRole('option', { name: /done \(end\)/ })).toContainText('already: when review_complete');
  await page.keyboard.press('Escape');
});

test('review14 #3: select start, Ctrl+Shift+H plan, Ctrl+Shift+H build: start → plan → build → done in one column; one undo each', async ({ page }) => {
  await graphNode(page, 'start').click();
  await expect(nameField(page)).toHaveValue('start');
  await addPhaseNamed(page, 'plan');
  await addPhaseNamed(page, 'build');
  // inserted on the way to the end, each named way following its phase's name
  await expect(transition(page, 'start', 'plan', 'start_complete')).toHaveCount(1);
  await expect(transition(page, 'plan', 'build', 'plan_complete')).toHaveCount(1);
  await expect(transition(page, 'build', 'done', 'build_complete')).toHaveCount(1);
  await expect(graph(page).locator('.react-flow__edge')).toHaveCount(3);
  await expect(graph(page).getByText('stuck', { exact: true })).toHaveCount(0);
  await expect(region(page, 'Problems')).not.toContainText('cannot be reached');
  // one column, in the order they run
  const ys = [];
  for (const id of ['start', 'plan', 'build', 'done']) {
    const p = await positionOf(page, id);
    expect(p.x).toBe((await positionOf(page, 'start')).x);
    ys.push(p.y);
  }
  expect(ys).toEqual([...ys].sort((a, b) => a - b));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme);
    await transitionsEnded(page);
    await saveScreenshot(page, `test-results/keyboard-phases-inserted-${scheme}-1280x720.png`);
  }
  // One undo step for each phase with its transitions and the name typed for it (review 12).
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(graphNode(page, 'build')).toHaveCount(0);
  await expect(transition(page, 'plan', 'done', 'plan_complete')).toHaveCount(1);
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(graphNode(page, 'plan')).toHaveCount(0);
  await expect(graph(page).locator('.react-flow__node')).toHaveCount(2);
  await expect(transition(page, 'start', 'done', 'start_complete')).toHaveCount(1);
});

test('review14: New phase rule puts the focus in the new rule and says what it added', async ({ page }) => {
  await addPhaseNamed(page, 'review');
  await page.keyboard.press('c');
  await page.getByRole('dialog', { name: 'Connect “review”' }).getByRole('combobox').fill('done');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Connected: review to done' })).toBeVisible();
  const inspector = region(page, 'Inspector');
  await inspector.getByRole('button', { name: 'New phase rule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added rule #1 (Repeated command · repeated_command) to review.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Connected: review to done' })).toHaveCount(0);
  await expect(inspector.locator('.insp-rule').last().locator(':focus')).toHaveCount(1);
  // and New transition: the focus in its When field
  await inspector.getByRole('button', { name: 'New transition' }).click();
  await expect(inspector.getByRole('textbox', { name: 'When (2)' })).toBeFocused();
});
