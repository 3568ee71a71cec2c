import { expect, test, type Page } from './test.ts';
import { openWalkthrough, region, stayOffline } from './helpers.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * review13: at 1280×720 Simulate's timeline cut long tool names (the Letta agent's
 * `check_refund_eligibility`, `archival_memory_insert`) while it kept the quieter detail. The
 * timeline is as wide as its longest name needs, short of the step view's room; the name gives way
 * last; a row's whole text is its tooltip and its accessible name.
 */
async function openLetta(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await stayOffline(page);
  await openWalkthrough(page, 'A Letta agent, as Letta runs it');
  await page.keyboard.press('Escape');
  const decisions = region(page, 'Timeline').getByRole('listbox', { name: 'Decisions' });
  await expect(decisions.getByRole('option').first()).toBeVisible();
  return decisions;
}

const TOOLS = ['check_refund_eligibility', 'archival_memory_insert', 'escalate_to_human', 'lookup_order', 'issue_refund', 'send_message'];

/**
 * The rows whose tool name runs past the row's text box (cut, an ellipsis in its place), each with
 * whether text after the name still shows (the quieter detail kept while the name was cut).
 */
const cutNames = (decisions: ReturnType<Page['locator']>) =>
  decisions.locator('.sim-label').evaluateAll((labels, tools) => {
    const out: { name: string; detailShown: boolean }[] = [];
    for (const label of labels) {
      const box = label.getBoundingClientRect();
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const tool = tools.find((t) => text.includes(t));
        if (!tool || (node.parentElement?.closest('.visually-hidden') ?? null) !== null) continue;
        const range = document.createRange();
        const at = text.indexOf(tool);
        range.setStart(node, at);
        range.setEnd(node, at + tool.length);
        const r = range.getBoundingClientRect();
        if (r.right <= box.right + 1) continue;
        // what follows the name: shown when any of it lies left of the name's own right edge in the box
        const after = document.createRange();
        after.setStartAfter(node);
        after.setEndAfter(label.lastChild!);
        const rest = [...after.getClientRects()].some((x) => x.width > 1 && x.left < box.right - 1);
        out.push({ name: label.textContent ?? '', detailShown: rest });
        break;
      }
    }
    return out;
  }, TOOLS);

test('the timeline at 1280×720 gives long tool names the room it can, and says them whole', async ({ page }) => {
  const decisions = await openLetta(page, { width: 1280, height: 720 });
  for (const name of ['check_refund_eligibility', 'archival_memory_insert']) {
    const row = decisions.getByRole('option', { name: new RegExp(`\\b${name}\\b`) }).first();
    await expect(row).toBeVisible();
    await expect(row.locator('.sim-label')).toHaveAttribute('title', new RegExp(`\\b${name}\\b`));
  }
  // the timeline is wider than half the simulator (its longest name asks for more), the step view keeps 280 px
  const timeline = (await region(page, 'Timeline').boundingBox())!.width;
  const step = (await page.locator('.sim-side').boundingBox())!.width;
  expect(timeline).toBeGreaterThan(step);
  expect(step).toBeGreaterThanOrEqual(279);
  // a name is cut only when the detail beside it is gone (the room left is less than the name)
  expect((await cutNames(decisions)).filter((c) => c.detailShown)).toEqual([]);
  await saveScreenshot(page, 'test-results/timeline-names-1280.png');
});

test('the timeline at 1440×900 shows the tools that ran by their whole names', async ({ page }) => {
  const decisions = await openLetta(page, { width: 1440, height: 900 });
  const cut = await cutNames(decisions);
  // a refused call keeps its verdict word in sight before the name: the longest of them may give
  // way by a letter or two (the step view keeps its room), never while its detail shows
  expect(cut.filter((c) => !/^(blocked|exit blocked)/.test(c.name))).toEqual([]);
  expect(cut.filter((c) => c.detailShown)).toEqual([]);
  await saveScreenshot(page, 'test-results/timeline-names-1440.png');
});
