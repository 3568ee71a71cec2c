/**
 * Review 16, item 4, in the review's steps: an empty project, a three-tool agent made on the graph
 * (T to add each tool, C to connect, Add rule for start and exit), a scripted trace in Simulate,
 * Run, Present. The stage opened on a view fitted to the Design layout's row while the graph was
 * drawn in the stage's two rows (draft_answer cut at the slide, an edge off the stage), then the
 * first step fitted it anew and every node moved ~236 px; a walked node also grew 4 px. Now step 0
 * shows the whole graph as every later step does, and nothing moves or grows between steps.
 */
import { expect, test, type Page } from './test.ts';
import { clickIntoEditor, region, runCommand, stageGeometry, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

const sim = (page: Page) => region(page, 'Simulation');

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const TRACE = `steps:
  # the model tries to answer before it has read anything
  - call: draft_answer
  # it searches first this time
  - call: search_docs
  - call: draft_answer
  # and replies, which ends the turn
  - call: send_reply
`;

async function connectAfter(page: Page, node: string, other: string): Promise<void> {
  await page.locator('.react-flow__node', { hasText: node }).click();
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /runs after/ }).click();
  await dialog.getByRole('combobox').fill(other);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
}

async function addRule(page: Page, node: string, kind: RegExp): Promise<void> {
  await page.locator('.react-flow__node', { hasText: node }).click();
  await page.getByRole('button', { name: /Add rule/ }).last().click();
  await page.getByRole('dialog').getByText(kind).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Each stage node's box on screen, by id. */
const boxes = (page: Page) =>
  page.getByRole('region', { name: 'Stage graph' }).evaluate((root) =>
    Object.fromEntries([...root.querySelectorAll<HTMLElement>('.react-flow__node')].map((n) => {
      const r = n.getBoundingClientRect();
      return [n.dataset['id'], [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]];
    })),
  );

test('a new agent drawn on the graph opens on stage whole, and stays put from step to step', async ({ page }) => {
  test.setTimeout(90_000);
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await runCommand(page, 'new agent');
  await expect(page.getByRole('region', { name: 'Graph' }).locator('.react-flow')).toBeVisible({ timeout: 30_000 });
  for (const name of ['search_docs', 'draft_answer', 'send_reply']) {
    await page.keyboard.press('t');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await expect(page.locator('.react-flow__node', { hasText: name })).toBeVisible();
  }
  await connectAfter(page, 'send_reply', 'draft_answer');
  await connectAfter(page, 'draft_answer', 'search_docs');
  await addRule(page, 'send_reply', /Stop after · ExitLoop/);
  await addRule(page, 'search_docs', /Call at start · StartConstraint/);
  await page.keyboard.press('Escape');

  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  await sim(page).getByRole('tab', { name: 'Setup' }).click();
  await sim(page).getByRole('button', { name: 'New scripted trace', exact: true }).click();
  const editor = sim(page).locator('.sim-trace-monaco .monaco-editor .view-lines');
  await expect(editor).toContainText('call:', { timeout: 30_000 });
  await clickIntoEditor(sim(page).locator('.sim-trace-monaco .monaco-editor'));
  await page.keyboard.press('Control+a');
  await page.evaluate((t) => navigator.clipboard.writeText(t), TRACE);
  await page.keyboard.press('Control+v');
  await expect(editor).toContainText('the model tries to answer');
  await sim(page).getByRole('button', { name: 'Run', exact: true }).click();
  await expect(sim(page).getByRole('listbox', { name: 'Decisions' }).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Present', exact: true }).first().click();

  const stage = page.getByRole('dialog', { name: 'Presenter view' });
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 0 of \d+/);
  // step 0: the whole graph on stage, at the size every later step shows it
  await expect.poll(async () => (await stageGeometry(stage)).allInside).toBe(true);
  const start = await boxes(page);
  expect(Object.keys(start).sort()).toEqual(['draft_answer', 'search_docs', 'send_reply']);
  await saveScreenshot(page, 'test-results/presenter-new-agent-step0-light-1280x720.png');
  await stage.getByRole('group', { name: 'Stage theme' }).getByRole('button', { name: 'Dark', exact: true }).click();
  await saveScreenshot(page, 'test-results/presenter-new-agent-step0-dark-1280x720.png');
  // six presses, as the review: a step of two decisions takes two
  for (let i = 1; i <= 6; i++) {
    const before = await stage.locator('.presenter-counter').textContent();
    await page.keyboard.press('ArrowRight');
    await expect(stage.locator('.presenter-counter')).not.toHaveText(before ?? '');
    // no node moves or grows between steps (once the step's pan, if any, has ended)
    await expect.poll(() => boxes(page)).toEqual(start);
  }
  expect((await stageGeometry(stage)).cut).toEqual([]);
});
