import { expect, test, type Page } from './test.ts';
import { graphNode, region, stayOffline } from './helpers.ts';
import { geometry, underChrome, type Rect } from './canvasGeometry.ts';

/**
 * A node the user adds is shown: after each Add tool (T) the new tool lies whole inside the pane
 * and clear of the zoom controls and the minimap, however many tools came before it (ui12 saw the
 * ninth tool of a new agent half past the pane's right edge, under the minimap).
 */
test.use({ layout: null, viewport: { width: 1280, height: 720 } });

const graph = (page: Page) => region(page, 'Graph');

async function expectShown(page: Page, id: string) {
  await expect(graphNode(page, id)).toBeVisible();
  await expect
    .poll(async () => {
      const pane = (await graph(page).locator('.react-flow').boundingBox()) as Rect;
      const g = await geometry(graph(page));
      const n = g.nodes.find((x) => x.id === id);
      if (!n) return `${id} not drawn`;
      const b = n.box;
      if (b.x < pane.x || b.y < pane.y || b.x + b.width > pane.x + pane.width || b.y + b.height > pane.y + pane.height) return `${id} cut at the pane's edge`;
      const under = (await underChrome(graph(page))).filter((s) => s.startsWith(`${id} `));
      return under.join(', ');
    }, { message: `the new tool ${id} in view` })
    .toBe('');
}

test('New agent, then Add tool twelve times: each new tool is whole in view, clear of the chrome', async ({ page }) => {
  await stayOffline(page);
  await page.goto('/');
  await graph(page).getByRole('button', { name: 'New agent' }).click();
  const add = page.getByRole('toolbar', { name: 'Rule Studio' }).getByRole('button', { name: 'Add tool', exact: true });
  await add.click();
  await expectShown(page, 'tool');
  for (let i = 2; i <= 12; i++) {
    await add.click();
    await expectShown(page, `tool_${i}`);
  }
});
