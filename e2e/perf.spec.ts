import { test, type Page } from './test.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * Performance script (not a test of timings: it prints figures, asserts nothing timed). Imports a
 * generated agent with 500 tools and 1,000 RequiresPrecedingTools edges through the Import file
 * picker, then measures time to first render, time until auto layout has placed the nodes, and
 * frame times (requestAnimationFrame deltas collected in the page) while panning and dragging.
 */
function bigAgent(tools = 500, edges = 1000): string {
  const lines = ['[[agents]]', 'name = "big"', `tools = [${Array.from({ length: tools }, (_, i) => `"t${i}"`).join(', ')}]`, ''];
  // Acyclic: every edge goes from a lower to a higher tool number.
  for (let e = 0; e < edges; e++) {
    const to = 1 + ((e * 7919) % (tools - 1));
    const from = (e * 104729) % to;
    lines.push('[[agents.tool_rules]]', `tool_name = "t${to}"`, 'rule_type = { type = "RequiresPrecedingTools" }', `conditions = ["t${from}"]`, '');
  }
  return lines.join('\n');
}

async function startFrames(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__frames = [];
    w.__stop = false;
    const tick = (t: number) => {
      w.__frames.push(t);
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page: Page): Promise<string> {
  const deltas = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean };
    w.__stop = true;
    return w.__frames.slice(1).map((t, i) => t - w.__frames[i]!);
  });
  const sorted = [...deltas].sort((a, b) => a - b);
  const mean = deltas.reduce((a, b) => a + b, 0) / Math.max(1, deltas.length);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  return `${deltas.length} frames, mean ${mean.toFixed(1)} ms (${(1000 / mean).toFixed(0)} fps), p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`;
}

test('500 tools and 1,000 edges: first render, layout, pan and drag frame times', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('/');
  const text = bigAgent();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  const t0 = Date.now();
  await (await chooser).setFiles({ name: 'big.toml', mimeType: 'application/toml', buffer: Buffer.from(text) });
  const graph = page.getByRole('region', { name: 'Graph', exact: true });
  await graph.locator('.react-flow__node').first().waitFor();
  const firstRender = Date.now() - t0;
  // Layout is done when the node positions stop changing (the layered layout places nodes
  // synchronously, so this usually holds at the first sample).
  const positions = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.react-flow__node')].slice(0, 50).map((n) => n.style.transform).join('|'));
  let last = await positions();
  for (;;) {
    await page.waitForTimeout(250);
    const now = await positions();
    if (now === last) break;
    last = now;
  }
  const laidOut = Date.now() - t0;
  const rendered = await graph.locator('.react-flow__node').count();
  const renderedEdges = await graph.locator('.react-flow__edge').count();
  await saveScreenshot(page, 'test-results/perf-500-tools.png');

  const box = (await graph.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Zoom in so panning moves nodes in and out of view (onlyRenderVisibleElements at work).
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -200);
  await page.waitForTimeout(300);

  await startFrames(page);
  const empty = { x: box.x + 20, y: box.y + 20 };
  await page.mouse.move(empty.x, empty.y);
  await page.mouse.down();
  for (let i = 0; i < 60; i++) await page.mouse.move(empty.x + (i % 20) * 15, empty.y + (i % 20) * 8);
  await page.mouse.up();
  const pan = await stopFrames(page);

  const someNode = graph.locator('.react-flow__node').first();
  const nb = (await someNode.boundingBox())!;
  await startFrames(page);
  await page.mouse.move(nb.x + 20, nb.y + 10);
  await page.mouse.down();
  for (let i = 0; i < 60; i++) await page.mouse.move(nb.x + 20 + i * 4, nb.y + 10 + (i % 10) * 4);
  await page.mouse.up();
  const drag = await stopFrames(page);

  console.log(`[perf] 500 tools / 1,000 edges`);
  console.log(`[perf] time to first render: ${firstRender} ms (nodes drawn, before layout)`);
  console.log(`[perf] time to auto layout done: ${laidOut} ms`);
  console.log(`[perf] rendered at fit view: ${rendered} nodes, ${renderedEdges} edges`);
  console.log(`[perf] panning: ${pan}`);
  console.log(`[perf] dragging a node: ${drag}`);
});
