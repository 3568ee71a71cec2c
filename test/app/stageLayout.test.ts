/**
 * The presenter's layout (review of 2026-11-29: the stage cut the ETL walk-through's graph at every
 * step at 1280×720 and 1440×900): of the document's layout and the layered layout wrapped for the
 * stage's pane, the one shown whole at the largest zoom; the document's own when it is as good.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { layoutInputOf, layoutOf, workflowGraphOf } from '../../src/app/graph/docGraph.ts';
import { SIMULATE_FIT, stageLayout, wholeZoom } from '../../src/app/layout/stageLayout.ts';
import { phaseNodeSizeOf } from '../../src/app/layout/placement.ts';

/** The presenter's graph pane at 1280×720 and 1440×900 (the slide and the strip taken off). */
const PANES = [
  { width: 870, height: 605 },
  { width: 978, height: 755 },
];
const PADDING = 32;

const docOf = (path: string) => {
  const store = createStudioStore(undefined, () => 0);
  store.getState().importFile(path.slice(path.lastIndexOf('/') + 1), readFileSync(path, 'utf8'));
  const doc = activeDoc(store.getState());
  if (!doc) throw new Error(`${path} did not open`);
  return doc;
};

describe('the stage layout', () => {
  for (const path of ['examples/etl-pipeline.toml', 'examples/letta-refund-agent.af', 'examples/hegel-execution.yaml', 'examples/claude-code-settings.json'])
    it(`shows ${path} whole at 12 px text or more on a 1280×720 and a 1440×900 stage`, () => {
      const doc = docOf(path);
      const input = layoutInputOf(doc);
      const own = layoutOf(doc);
      for (const pane of PANES) {
        const laid = stageLayout(input, own, pane, PADDING);
        const zoom = wholeZoom(laid, input.nodes, pane, PADDING);
        expect(zoom).toBeGreaterThanOrEqual(1);
        expect(zoom).toBeGreaterThanOrEqual(wholeZoom(own, input.nodes, pane, PADDING));
        // every node placed, none overlapping another
        const boxes = input.nodes.map((n) => ({ ...laid[n.id]!, w: n.width, h: n.height }));
        for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
      }
    });

  it('keeps the document’s own layout when no other shows the graph larger', () => {
    const doc = docOf('examples/etl-pipeline.toml');
    const input = layoutInputOf(doc);
    const own = layoutOf(doc);
    // a pane as wide as the graph's one row: the document's layout is already the best
    const laid = stageLayout(input, own, { width: 4000, height: 700 }, PADDING);
    expect(laid).toBe(own);
  });

  it('lays out anew a graph whose document layout misses a node', () => {
    const doc = docOf('examples/etl-pipeline.toml');
    const input = layoutInputOf(doc);
    const own = { ...layoutOf(doc) };
    delete own[input.nodes[0]!.id];
    const laid = stageLayout(input, own, PANES[0]!, PADDING);
    expect(input.nodes.every((n) => laid[n.id] !== undefined)).toBe(true);
  });

  // review13: Simulate's pane (1440×900 and 1280×720, the simulator open) cut the Claude Code
  // example's right-hand column and the Letta agent's chain at its side edge.
  const SIM_PANES = [
    { width: 740, height: 795 },
    { width: 620, height: 615 },
  ];
  for (const path of ['examples/letta-refund-agent.af', 'examples/claude-code-settings.json'])
    it(`lays ${path} out for Simulate's pane as wide as it reads at zoom 1`, () => {
      const doc = docOf(path);
      const input = layoutInputOf(doc);
      const own = layoutOf(doc);
      for (const pane of SIM_PANES) {
        const laid = stageLayout(input, own, pane, PADDING, undefined, SIMULATE_FIT);
        expect(wholeZoom(laid, input.nodes, { width: pane.width, height: 1e9 }, PADDING)).toBeGreaterThanOrEqual(1);
      }
    });

  it('keeps the document’s own layout in Simulate when it reads whole at zoom 1', () => {
    const doc = docOf('examples/etl-pipeline.toml');
    const input = layoutInputOf(doc);
    const own = layoutOf(doc);
    const laid = stageLayout(input, own, { width: 4000, height: 700 }, PADDING, undefined, SIMULATE_FIT);
    expect(laid).toBe(own);
  });
  // review14 #1: hegel-cli's own workflows, imported, were cropped on stage with no run yet.
  for (const file of ['discovery.yaml', 'research.yaml'])
    it(`shows hegel-cli's ${file} whole at zoom 1 or more, as the stage draws its phases`, () => {
      const doc = docOf(`test/data/hegel-cli/${file}`);
      if (doc.kind !== 'workflow') throw new Error('not a workflow');
      const rules = new Map(workflowGraphOf(doc).nodes.map((n) => [n.id, n.rules]));
      const base = layoutInputOf(doc);
      const input = { ...base, nodes: base.nodes.map((n) => ({ ...n, ...phaseNodeSizeOf({ rules: rules.get(n.id) ?? [] }) })) };
      for (const pane of PANES) expect(wholeZoom(stageLayout(input, layoutOf(doc), pane, PADDING), input.nodes, pane, PADDING)).toBeGreaterThanOrEqual(1);
    });
});
