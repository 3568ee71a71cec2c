/**
 * The presenter in a classroom (issue 22), at 1280×720: every step of every guided walk-through has
 * a slide (its decision or what the engine counted, never "Before the first step" after step 0);
 * from its first step to its last the whole graph is on stage (laid out for the stage, no node cut
 * at the edge) with no text under 12 px (13.5 px for the Letta and Claude Code walk-throughs) and
 * the slide's at 16 px or more; a blocked step draws its node blocked; the trace's
 * narration is speaker text; the teaching link is copied from the presenter.
 */
import { expect, test } from './test.ts';
import { cameraAtRest, forwardTo, openWalkthrough, stageGeometry, stayOffline } from './helpers.ts';

const WALKTHROUGHS = ['ETL pipeline, step by step', 'A coding session under the execution workflow', 'A Letta agent, as Letta runs it', 'A Claude Code session under a project’s settings'];
/**
 * The smallest node text (font size × zoom) each walk-through keeps on stage (12 px unless said):
 * hegel's phases are drawn without their summary and prompt there, so its graph reads at 13 px and
 * more (review13: its phases were 11–12 px on a 1280×720 projector). The Letta and Claude Code
 * graphs read at 13.5 px (review14: 12.3 and 12.4 px, the slide column taking a third of the width
 * and Claude Code's rows as tall as `Bash`): the slide is narrower at 1280, the tools without edges
 * are packed in columns.
 */
const FLOOR_PX: Readonly<Record<string, number>> = {
  'A coding session under the execution workflow': 13,
  'A Letta agent, as Letta runs it': 13.5,
  'A Claude Code session under a project’s settings': 13.5,
};
/** The slide's text is never set under this (a long slide is set smaller before it scrolls). */
const SLIDE_FLOOR_PX = 16;

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
  await page.setViewportSize({ width: 1280, height: 720 });
});

test.describe('under reduced motion (the camera jumps to each step)', () => {
  // The camera's end position is what these tests check; reduced motion spares them its 400 ms glide.
  test.use({ reducedMotion: 'reduce' });
  for (const title of WALKTHROUGHS) {
    test(`every step of “${title}” has a slide, and the whole graph is in view at ≥ ${FLOOR_PX[title] ?? 12} px`, async ({ page }) => {
      test.setTimeout(120_000);
      const stage = await openWalkthrough(page, title);
      const total = Number((await stage.getByText(/^Step 0 of \d+$/).textContent())?.split(' of ')[1]);
      const slide = stage.getByRole('region', { name: 'Current decision' });
      const wholeAt = async (step: number) => {
        const shown = await cameraAtRest(stage);
        // Reduced motion: the camera moved at once (one jump at most, never a glide of many frames).
        expect(shown, `step ${step}: camera positions seen while it settled`).toBeLessThanOrEqual(2);
        const view = await stageGeometry(stage);
        expect(view.allInside, `step ${step}: every node inside the stage`).toBe(true);
        expect(view.smallest, `step ${step}: smallest node text`).toBeGreaterThanOrEqual(FLOOR_PX[title] ?? 12);
        expect(await slide.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)), `step ${step}: the slide's text`).toBeGreaterThanOrEqual(SLIDE_FLOOR_PX);
      };
      await wholeAt(0);
      // The walk-through's title is read whole (it was cut to "A coding session under the e…").
      const heading = stage.getByRole('heading', { level: 1, name: title });
      expect(await heading.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1), 'the title fits').toBe(true);
      // Step by step to the last slide (a tool run's token counts are stepped over: they are not slides).
      const counter = stage.locator('.presenter-counter');
      const forward = stage.getByRole('button', { name: 'Step forward', exact: true });
      // `Step 6 of 8`, or `Step 6 of 8, decision 2 of 3` on the second decision of step 6: as one number that grows.
      const position = async () => {
        const m = /^Step (\d+) of \d+(?:, decision (\d+) of)?/.exec((await counter.textContent()) ?? '');
        return m ? Number(m[1]) * 1000 + Number(m[2] ?? 0) : 0;
      };
      let at = 0;
      while (await forward.isEnabled()) {
        await page.keyboard.press('ArrowRight');
        await expect.poll(position).toBeGreaterThan(at);
        at = await position();
        const i = Math.floor(at / 1000);
        expect(i).toBeLessThanOrEqual(total);
        await expect(slide).not.toContainText('Before the first step');
        await expect(slide).not.toContainText('Reading this step');
        await expect(slide.locator('.presenter-kind, .presenter-event').first()).toBeVisible();
        expect(await slide.evaluate((el) => (el as HTMLElement).innerText.includes('`')), `step ${i}: no literal backtick`).toBe(false);
        // the slide fits a 1280×720 projector once its explanation is in: nothing below the fold
        await expect(slide.locator('.sim-summary, .presenter-event').first()).toBeVisible();
        expect(await slide.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), `step ${i}: the slide fits its box`).toBe(true);
        await wholeAt(i);
      }
    });
  }
});

test('a blocked step draws its node blocked; narration is speaker text; the strip marks the current call', async ({ page }) => {
  const stage = await openWalkthrough(page, 'ETL pipeline, step by step');
  const slide = stage.getByRole('region', { name: 'Current decision' });
  // Step 1 made two decisions: connect_db called automatically (its start rule), then transform blocked.
  await page.keyboard.press('ArrowRight');
  await expect(stage.locator('.presenter-counter')).toHaveText(/^Step 1 of \d+, decision 1 of/);
  await expect(slide).toContainText('auto connect_db');
  await expect(slide.getByRole('complementary', { name: 'Speaker notes' })).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await expect(slide).toContainText('blocked transform');
  await expect(slide.getByRole('complementary', { name: 'Speaker notes' })).toHaveText('too early: extract has not run yet');
  const node = stage.getByRole('region', { name: 'Stage graph' }).locator('.react-flow__node[data-id="transform"]');
  await expect.poll(() => node.evaluate((el) => getComputedStyle(el, '::before').content)).toContain('Blocked');
  const blocked = await node.evaluate((el) => getComputedStyle(el).outlineColor);
  const error = await stage.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--error)';
    el.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  });
  expect(blocked).toBe(error);
  const strip = stage.getByRole('navigation', { name: 'Calls so far' });
  await expect(strip.getByRole('button', { name: 'Step 1: transform, blocked' })).toHaveAttribute('aria-current', 'step');

  // The hegel walk-through: a counted command says what the engine counted.
  await page.keyboard.press('Escape');
  const hegel = await openWalkthrough(page, 'A coding session under the execution workflow');
  await forwardTo(page, hegel, /^Step 10 of 22$/);
  await expect(hegel.getByRole('region', { name: 'Current decision' })).toContainText('cargo test ran in code — repeated_command 2 of 5 in 2 m');
});

test('a step that made several decisions shows each on a slide of its own (ETL step 6: exit, disconnect_db, exit)', async ({ page }) => {
  const stage = await openWalkthrough(page, 'ETL pipeline, step by step');
  const counter = stage.locator('.presenter-counter');
  const slide = stage.getByRole('region', { name: 'Current decision' });
  await forwardTo(page, stage, /^Step 6 of \d+, decision 1 of \d+$/);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/^Step 6 of \d+, decision 2 of \d+$/);
  await expect(slide).toContainText('disconnect_db');
  const node = stage.getByRole('region', { name: 'Stage graph' }).locator('.react-flow__node[data-id="disconnect_db"]');
  await expect.poll(() => node.evaluate((el) => getComputedStyle(el, '::before').content)).not.toBe('none');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(/^Step 6 of \d+, decision 3 of \d+$/);
  // And back through them.
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText(/^Step 6 of \d+, decision 2 of \d+$/);
});

test('the teaching link is copied from the presenter, with a labelled button and a confirmation', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const stage = await openWalkthrough(page, 'ETL pipeline, step by step');
  await forwardTo(page, stage, /^Step 2 of 9$/);
  const copy = stage.getByRole('button', { name: 'Copy teaching link', exact: true });
  await expect(copy).toBeVisible();
  await copy.click();
  await expect(stage.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  await expect(stage.getByRole('status').filter({ hasText: 'Teaching link copied' })).toHaveCount(1);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#teach=v1\.[\w-]+$/);
  // Opened where the class sees it: another browser, at the same step.
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const other = await fresh.newPage();
  await stayOffline(other);
  await other.goto(link);
  const opened = other.getByRole('dialog', { name: 'Presenter view' });
  await expect(opened.getByText('Step 2 of 9', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(opened.getByRole('region', { name: 'Current decision' })).toContainText('allowed extract');
  await fresh.close();
});
