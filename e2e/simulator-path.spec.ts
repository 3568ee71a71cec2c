/**
 * The path walked, in Simulate and on stage, and the presenter's strip following its slides (the
 * ETL walk-through: step 6 made three decisions, send_message, the automatic disconnect_db, the
 * exit, each a slide of its own).
 */
import { expect, test } from './test.ts';
import { forwardTo, openWalkthrough, region, screenshotsWithAxe, stayOffline } from './helpers.ts';

const ETL = 'ETL pipeline, step by step';

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('Simulate draws the path walked up to the selected decision, its last move apart', async ({ page }) => {
  test.setTimeout(90_000);
  const stage = await openWalkthrough(page, ETL);
  await page.keyboard.press('Escape');
  await expect(stage).toHaveCount(0);
  const graph = region(page, 'Graph');
  const node = (id: string) => graph.locator(`.react-flow__node[data-id="${id}"]`);
  const edge = (label: string) => graph.getByRole('group', { name: label, exact: true }).or(graph.locator(`.react-flow__edge[aria-label="${label}"]`)).first();
  const timeline = region(page, 'Simulation').getByRole('listbox');
  const row = (seq: string) => timeline.getByRole('option').filter({ has: page.locator('.sim-seq', { hasText: new RegExp(`^${seq.replace('.', '\\.')}$`) }) });

  // Step 3: transform ran after connect_db and extract; the move extract → transform is the last one.
  await row('3').click();
  for (const id of ['connect_db', 'extract', 'transform']) await expect(node(id)).toHaveClass(/rs-walked/);
  await expect(node('load')).not.toHaveClass(/rs-walked/);
  await expect(edge('connect_db before extract')).toHaveClass(/rs-edge-walked/);
  await expect(edge('extract before transform')).toHaveClass(/rs-edge-last/);
  await expect(graph.locator('.rs-path-legend')).toHaveText('Path so farLast move');

  // Step 6.1: send_message ran, disconnect_db (6.2, automatic) not yet.
  await row('6.1').click();
  await expect(node('send_message')).toHaveClass(/rs-walked/);
  await expect(node('disconnect_db')).not.toHaveClass(/rs-walked/);
  await expect(edge('extract before transform')).toHaveClass(/rs-edge-walked/);
  await expect(edge('transform before load')).toHaveClass(/rs-edge-walked/);
  // Step 6.2: disconnect_db ran by itself, the current node in its verdict's state.
  await row('6.2').click();
  await expect(node('disconnect_db')).toHaveClass(/rs-walked/);
  await expect(node('disconnect_db')).toHaveClass(/rs-verdict-allowed/);
  // Step 9: load refused after the new batch: the current node blocked; the path is the new
  // batch's, where the order counts from zero (review14 #4): connect_db only, not the batch before.
  await row('9').click();
  await expect(node('load')).toHaveClass(/rs-verdict-blocked/);
  await expect(node('connect_db')).toHaveClass(/rs-walked/);
  for (const id of ['extract', 'transform', 'load']) await expect(node(id), id).not.toHaveClass(/rs-walked/);
  // (no edge joins connect_db, run last, to load: no move is drawn, and the key names none)
  await expect(graph.locator('.rs-path-legend')).toHaveText('Path so far');
  await row('6.2').click();
  await expect(node('disconnect_db')).toHaveClass(/rs-verdict-allowed/);
  await screenshotsWithAxe(page, 'simulate-path', 'section.canvas');
});

test('the presenter’s strip marks the slide’s decision: a step’s other decisions are sub-chips', async ({ page }) => {
  test.setTimeout(90_000);
  const stage = await openWalkthrough(page, ETL);
  const counter = stage.locator('.presenter-counter');
  const strip = stage.getByRole('navigation', { name: 'Calls so far' });
  const chip = (name: string) => strip.getByRole('button', { name, exact: true });
  const current = strip.locator('[aria-current="step"]');

  // Step 1.1: connect_db ran by itself before transform was refused (1.2, the step's own call).
  await forwardTo(page, stage, /^Step 1 of \d+, decision 1 of \d+$/);
  await expect(current).toHaveCount(1);
  await expect(chip('Step 1.1: connect_db, automatic, allowed')).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press('ArrowRight');
  await expect(chip('Step 1: transform, blocked')).toHaveAttribute('aria-current', 'step');

  await forwardTo(page, stage, /^Step 6 of \d+, decision 1 of \d+$/);
  await expect(chip('Step 6: send_message, allowed')).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/^Step 6 of \d+, decision 2 of \d+$/);
  await expect(chip('Step 6.2: disconnect_db, automatic, allowed')).toHaveAttribute('aria-current', 'step');
  await expect(chip('Step 6: send_message, allowed')).not.toHaveAttribute('aria-current', 'step');
  await expect(current).toHaveCount(1);
  // the stage draws the path up to the slide's decision: disconnect_db ran, send_message before it
  const stageNode = (id: string) => stage.getByRole('region', { name: 'Stage graph' }).locator(`.react-flow__node[data-id="${id}"]`);
  await expect(stageNode('send_message')).toHaveClass(/rs-walked/);
  await expect(stageNode('disconnect_db')).toHaveClass(/rs-walked/);
  await screenshotsWithAxe(page, 'present-strip', '.presenter');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.keyboard.press('ArrowRight');
  await expect(chip('Step 6.3: exit, the loop ends')).toHaveAttribute('aria-current', 'step');
  // back to 6.1: the automatic call is not on the path yet
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(/^Step 6 of \d+, decision 1 of \d+$/);
  await expect(stageNode('disconnect_db')).not.toHaveClass(/rs-walked/);
  // a sub-chip is a button: from the keyboard it goes to its decision
  await chip('Step 6.2: disconnect_db, automatic, allowed').focus();
  await page.keyboard.press('Enter');
  await expect(counter).toHaveText(/^Step 6 of \d+, decision 2 of \d+$/);
  await expect(chip('Step 6.2: disconnect_db, automatic, allowed')).toHaveAttribute('aria-current', 'step');
});

test('a workflow’s path: the phases entered and the transitions taken, on stage and in Simulate', async ({ page }) => {
  test.setTimeout(90_000);
  const stage = await openWalkthrough(page, 'A coding session under the execution workflow');
  await forwardTo(page, stage, /^Step 10 of \d+$/);
  for (const graph of [stage.getByRole('region', { name: 'Stage graph' }), null]) {
    const g = graph ?? region(page, 'Graph');
    if (!graph) {
      await page.keyboard.press('Escape');
      await expect(stage).toHaveCount(0);
    }
    const phase = (id: string) => g.locator(`.react-flow__node[data-id="${id}"]`);
    for (const id of ['spec', 'plan', 'code']) await expect(phase(id)).toHaveClass(/rs-walked/);
    await expect(phase('code_review')).not.toHaveClass(/rs-walked/);
    await expect(g.locator('.react-flow__edge[aria-label^="spec to plan "]')).toHaveClass(/rs-edge-walked/);
    await expect(g.locator('.react-flow__edge[aria-label^="plan to code "]')).toHaveClass(/rs-edge-last/);
  }
});
