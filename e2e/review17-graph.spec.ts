import { expect, test, type Page } from './test.ts';
import { graphNode, importPaths, region, runCommand, screenshotsWithAxe, stayOffline } from './helpers.ts';
import { collisions, geometry, settled, smallestText } from './canvasGeometry.ts';
import { saveScreenshot } from './screenshots.ts';

test.use({ layout: { bottomOpen: true } });

/**
 * Review17's graph findings, as its steps were written (task ui22): Tab from the graph skipped every
 * node (#2) and Add phase on a focused edge made an orphan; long rule chips overflowed their node
 * (#6); rules the checker reports as never applying looked live (#7); Simulate's layout of the
 * Letta agent was a tangle (#3); Letta at 1280×720 opened with its right column cut (s1).
 */
const graph = (page: Page) => region(page, 'Graph');

/** What has the focus: a graph node or edge (by its id), a button (by its name), or the element's tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'none';
    if (el.classList.contains('react-flow__node')) return `node ${el.getAttribute('data-id')}`;
    if (el.classList.contains('react-flow__edge')) return `edge ${el.getAttribute('data-id')}`;
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? ''}`.trim();
  });

/** Review17's settings.json: a bare WebFetch deny and two WebFetch(domain:…) allows (C021 twice). */
const SETTINGS = JSON.stringify(
  {
    permissions: {
      allow: ['Bash(npm run test:*)', 'Bash(npm run lint)', 'Bash(git status)', 'Bash(git diff:*)', 'Bash(git log:*)', 'Read(~/projects/shop/**)', 'Edit(src/**)', 'WebFetch(domain:github.com)', 'WebFetch(domain:developer.mozilla.org)'],
      ask: ['Bash(git push:*)', 'Bash(npm publish)', 'Edit(package.json)'],
      deny: ['Bash(rm -rf:*)', 'Bash(curl:*)', 'Read(./.env)', 'Read(./secrets/**)', 'WebFetch'],
      defaultMode: 'default',
    },
  },
  null,
  2,
);

/** "Paste" as review17 did: a click on the page, then a paste event on the body carrying `text`. */
async function paste(page: Page, text: string) {
  await page.mouse.click(700, 200);
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** A point of the graph's empty pane (no node, edge or label under it), in page coordinates. */
async function emptyPanePoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(() => {
    const pane = document.querySelector('section.canvas .react-flow__pane')!.getBoundingClientRect();
    for (let y = pane.bottom - 40; y > pane.top + 20; y -= 20)
      for (let x = pane.left + 80; x < pane.right - 200; x += 20) {
        const hit = document.elementFromPoint(x, y);
        if (hit?.classList.contains('react-flow__pane')) return { x, y };
      }
    return undefined;
  });
  expect(point, 'an empty spot on the canvas').toBeDefined();
  return point!;
}

test.beforeEach(async ({ page }) => {
  await stayOffline(page);
});

test('#2a: after New workflow, Tab goes to the nodes, then the edge, then the zoom controls; Add phase on the focused edge inserts the phase on it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await runCommand(page, 'new workflow');
  await expect(graphNode(page, 'done')).toBeVisible();
  expect(await focused(page)).toBe('section Graph');
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focused(page));
  }
  expect(seen).toEqual(['node start', 'node done', 'edge t:start:0', 'button Zoom In']);
  // Back to the edge, then Add phase (Ctrl+Shift+H), named `plan`: start → plan → done, no orphan.
  await page.keyboard.press('Shift+Tab');
  expect(await focused(page)).toBe('edge t:start:0');
  await page.keyboard.press('Control+Shift+H');
  await expect(graphNode(page, 'phase')).toBeVisible();
  await page.keyboard.type('plan');
  await page.keyboard.press('Enter');
  await expect(graphNode(page, 'plan')).toBeVisible();
  const edges = graph(page).locator('.react-flow__edge');
  await expect(edges).toHaveCount(2);
  await expect(edges.and(page.locator('[aria-label^="start to plan"]'))).toHaveCount(1);
  await expect(edges.and(page.locator('[aria-label^="plan to done"]'))).toHaveCount(1);
  await expect(page.getByText(/cannot be reached from start node/)).toHaveCount(0);
});

test('#2b: the Letta agent, a click on the empty canvas, then Tab: every node first, then the edges, then the zoom controls', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await importPaths(page, ['examples/letta-refund-agent.af']);
  await expect(graph(page).locator('.react-flow__node')).toHaveCount(6);
  const spot = await emptyPanePoint(page);
  await page.mouse.click(spot.x, spot.y);
  const seen: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    seen.push(await focused(page));
  }
  const kinds = seen.map((s) => s.split(' ')[0]);
  expect(kinds.slice(0, 6), seen.join(' | ')).toEqual(['node', 'node', 'node', 'node', 'node', 'node']);
  expect(new Set(seen.slice(0, 6)).size).toBe(6);
  expect(kinds.slice(6, 11)).toEqual(['edge', 'edge', 'edge', 'edge', 'edge']);
  expect(seen[11]).toBe('button Zoom In');
});

test('#6 and #7: a long chip stays inside its node; allows the checker says never apply are struck, with why', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await paste(page, SETTINGS);
  await expect(page.getByText('Imported settings.json.')).toBeVisible();
  const fetch = graphNode(page, 'WebFetch');
  await expect(fetch).toBeVisible();
  const long = fetch.locator('.rs-badge', { hasText: 'allow domain:developer.mozilla.org' });
  await expect(long).toBeVisible();
  const check = async () => {
    const node = (await fetch.boundingBox())!;
    for (const chip of await fetch.locator('.rs-badge').all()) {
      const b = (await chip.boundingBox())!;
      expect(b.x, 'chip starts inside its node').toBeGreaterThanOrEqual(node.x);
      expect(b.x + b.width, `chip "${await chip.textContent()}" ends inside its node`).toBeLessThanOrEqual(node.x + node.width + 0.5);
    }
  };
  await check();
  // Both allows are dead (C021: the bare WebFetch deny is checked first): struck as an ignored rule is.
  for (const domain of ['github.com', 'developer.mozilla.org']) {
    const chip = fetch.locator('.rs-badge', { hasText: `allow domain:${domain}` });
    await expect(chip).toHaveClass(/rs-badge-inert/);
    await expect(chip).toHaveAttribute('title', /Never applies \(C021\)/);
    await expect(chip).toHaveAttribute('aria-label', `allow domain:${domain} (never applies)`);
    expect(await chip.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
  }
  await expect(fetch.locator('.rs-badge', { hasText: 'deny any call' })).not.toHaveClass(/rs-badge-inert/);
  await expect(graphNode(page, 'Bash').locator('.rs-badge-inert')).toHaveCount(0);
  await screenshotsWithAxe(page, 'review17-chips', 'section.canvas');
  await page.setViewportSize({ width: 1280, height: 720 });
  // The canvas fits itself to the new size: the boxes are read once its camera holds still.
  await settled(page, region(page, 'Graph'));
  await check();
});

/**
 * How the drawn edges read: for each labelled edge, how far its label's centre lies from its own
 * line, and for each pair of edges, the share of one's line (less 40 px at each end, where edges
 * of one node meet) that runs within 3 px of the other's.
 */
function edgeReading(page: Page) {
  return graph(page).evaluate((root) => {
    const paths = new Map<string, SVGPathElement>();
    for (const g of root.querySelectorAll('.react-flow__edge')) {
      const p = g.querySelector<SVGPathElement>('path.react-flow__edge-path');
      if (p) paths.set(g.getAttribute('data-id') ?? '', p);
    }
    const screen = (p: SVGPathElement, at: number) => {
      const q = p.getPointAtLength(at);
      const m = p.getScreenCTM()!;
      return { x: q.x * m.a + q.y * m.c + m.e, y: q.x * m.b + q.y * m.d + m.f };
    };
    const sample = (p: SVGPathElement, from = 0) => {
      const len = p.getTotalLength();
      const out = [];
      for (let at = from; at <= len - from; at += 4) out.push(screen(p, at));
      return out;
    };
    const near = (pt: { x: number; y: number }, line: { x: number; y: number }[], d: number) => line.some((q) => Math.hypot(q.x - pt.x, q.y - pt.y) <= d);
    const labels = [...root.querySelectorAll<HTMLElement>('.rs-edge-label')].map((l) => {
      const r = l.getBoundingClientRect();
      const c = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      const own = sample(paths.get(l.dataset['edge'] ?? '')!);
      return { text: l.textContent ?? '', off: Math.min(...own.map((q) => Math.hypot(q.x - c.x, q.y - c.y))) };
    });
    const ids = [...paths.keys()];
    const shared: string[] = [];
    for (const a of ids)
      for (const b of ids) {
        if (a === b) continue;
        const mine = sample(paths.get(a)!, 40);
        const theirs = sample(paths.get(b)!);
        if (mine.length === 0) continue;
        const share = mine.filter((q) => near(q, theirs, 3)).length / mine.length;
        if (share > 0.2) shared.push(`${a} runs along ${b} (${Math.round(share * 100)} %)`);
      }
    return { labels, shared };
  });
}

test('#3: Simulate lays the Letta agent out readably: each edge on its own line, each label on its edge', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await importPaths(page, ['examples/letta-refund-agent.af']);
  await expect(graph(page).locator('.react-flow__node')).toHaveCount(6);
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Simulate' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add trace' }).click();
  await (await chooser).setFiles(['e2e/fixtures/review17-refund-short.yaml']);
  await expect(page.getByText('Added 1 trace.')).toBeVisible();
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await settled(page, graph(page));
    const g = await geometry(graph(page));
    expect(collisions(g), `${w}×${h}`).toEqual([]);
    const { labels, shared } = await edgeReading(page);
    expect(labels.map((l) => l.text).sort()).toEqual(['= "eligible"', '= "ineligible"', 'may follow', 'may follow', 'otherwise']);
    // a label sits on its own edge's line (within a few px of it), not between lines
    for (const l of labels) expect(l.off, `${w}×${h}: label ${l.text} off its line`).toBeLessThanOrEqual(4);
    // no edge runs along another (a trunk shared by unrelated edges)
    expect(shared, `${w}×${h}`).toEqual([]);
    // readable
    expect((await smallestText(graph(page))).px).toBeGreaterThanOrEqual(10 - 0.01);
    await saveScreenshot(page, `test-results/review17-letta-simulate-${w}x${h}.png`);
  }
  await screenshotsWithAxe(page, 'review17-letta-simulate', 'section.canvas');
});

test.describe('a fresh browser (the studio’s own layout: the bottom panel folded), as review17 opened it', () => {
  test.use({ layout: null });
  test('s1: the Letta agent at 1280×720 opens whole on the Design canvas, its labels readable', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await importPaths(page, ['examples/letta-refund-agent.af']);
  await expect(graph(page).locator('.react-flow__node')).toHaveCount(6);
  await settled(page, graph(page));
  const pane = (await graph(page).locator('.react-flow').boundingBox())!;
  const g = await geometry(graph(page));
  const cut = g.nodes.filter((n) => n.box.x < pane.x - 1 || n.box.y < pane.y - 1 || n.box.x + n.box.width > pane.x + pane.width + 1 || n.box.y + n.box.height > pane.y + pane.height + 1).map((n) => n.id);
  expect(cut, 'nodes cut at the canvas edge').toEqual([]);
  expect((await smallestText(graph(page))).px).toBeGreaterThanOrEqual(10 - 0.01);
  expect(collisions(g)).toEqual([]);
});
});
