import { describe, expect, it } from 'vitest';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { phaseNodeSizeOf, placeUnpositioned, wrappedLines } from '../../src/app/layout/placement.ts';
import { keepsPositions } from '../../src/app/graph/usePlacement.ts';
import { GRAPH_CAP } from '../../src/app/graph/neighbourhood.ts';
import { carryLayout } from '../../src/app/layout/carry.ts';
import { layoutOf, missingPositions } from '../../src/app/graph/docGraph.ts';
import { addTool, removeTool, renameTool } from '../../src/core/graph/agentEdits.ts';
import { addPhase, renamePhase } from '../../src/core/graph/workflowEdits.ts';

describe('node placement', () => {
  const size = () => ({ width: 200, height: 48 });
  const overlap = (p: { x: number; y: number }, q: { x: number; y: number }) => p.x < q.x + 200 && q.x < p.x + 200 && p.y < q.y + 48 && q.y < p.y + 48;

  it('places only missing nodes, in free space beside the anchor, in reading order', () => {
    const layout = { a: { x: 10, y: 0 }, b: { x: 300, y: 200 } };
    expect(placeUnpositioned(['a', 'b'], layout, size, 'RIGHT')).toEqual({});
    const out = placeUnpositioned(['a', 'b', 'c'], layout, size, 'RIGHT', 'a');
    expect(out.c!.x).toBeGreaterThan(10 + 200);
    expect(out.c!.y).toBe(0);
    const down = placeUnpositioned(['a', 'c'], { a: { x: 0, y: 0 } }, size, 'DOWN', 'a');
    expect(down.c!.x).toBe(0);
    expect(down.c!.y).toBeGreaterThan(48);
    expect(placeUnpositioned(['x'], {}, size, 'RIGHT')).toEqual({ x: { x: 0, y: 0 } });
  });

  it('a node joined to its anchor goes in the layer right after it, beside what is there, not past it', () => {
    // Review 12 #5: a phase added after `start` landed below `done`, which sits right below start.
    const layout = { start: { x: 0, y: 0 }, done: { x: 0, y: 118 } };
    const apart = placeUnpositioned(['start', 'done', 'n'], layout, size, 'DOWN', 'start');
    expect(apart.n!.y).toBeGreaterThan(118);
    const next = placeUnpositioned(['start', 'done', 'n'], layout, size, 'DOWN', 'start', true);
    expect(next.n!.y).toBe(118);
    expect(overlap(next.n!, layout.done)).toBe(false);
  });

  it('five new nodes in a row never overlap each other or what is there', () => {
    const layout: Record<string, { x: number; y: number }> = { a: { x: 0, y: 0 }, blocker: { x: 240, y: 0 } };
    const ids = ['a', 'blocker', 'n1', 'n2', 'n3', 'n4', 'n5'];
    const all = { ...layout, ...placeUnpositioned(ids, layout, size, 'RIGHT', 'a') };
    for (const p of ids) for (const q of ids) if (p < q) expect(overlap(all[p]!, all[q]!), `${p}/${q}`).toBe(false);
  });

  it('store.placeNodes keeps positions the user set and records no undo step', () => {
    const store = createStudioStore(undefined, () => 0);
    const s = () => store.getState();
    const id = s().addAgent('a');
    s().setPositions(id, { t1: { x: 5, y: 5 } });
    const past = s().history.past.length;
    s().placeNodes(id, { t1: { x: 0, y: 0 }, t2: { x: 100, y: 100 } });
    expect(activeDoc(s())!.layout).toEqual({ t1: { x: 5, y: 5 }, t2: { x: 100, y: 100 } });
    expect(s().history.past.length).toBe(past);
    const before = s().project;
    s().placeNodes(id, { t2: { x: 1, y: 1 } });
    expect(s().project).toBe(before);
  });

  it('keeps positions for a graph within the cap only (a graph past it is drawn as views laid out on their own)', () => {
    const store = createStudioStore(undefined, () => 0);
    const s = () => store.getState();
    const id = s().addAgent('a');
    s().editAgent(id, (a) => ({ ...a, tools: [{ name: 't1' }, { name: 't2' }] }));
    expect(keepsPositions(activeDoc(s())!)).toBe(true);
    s().editAgent(id, (a) => ({ ...a, tools: Array.from({ length: GRAPH_CAP.nodes + 1 }, (_, i) => ({ name: `t${i}` })) }));
    expect(keepsPositions(activeDoc(s())!)).toBe(false);
  });
});

describe('positions follow renames, deletes and new nodes (issue 22)', () => {
  const W = 176;
  const H = 48;
  const apart = (p: { x: number; y: number }, q: { x: number; y: number }) => p.x >= q.x + W || q.x >= p.x + W || p.y >= q.y + H || q.y >= p.y + H;
  const allApart = (layout: Record<string, { x: number; y: number }>, ids: string[]) => {
    for (const a of ids) for (const b of ids) if (a < b) expect(apart(layout[a]!, layout[b]!), `${a}/${b}`).toBe(true);
  };

  function agentStudio() {
    const store = createStudioStore(undefined, () => 0);
    const s = () => store.getState();
    const id = s().addAgent('a');
    const add = (anchor?: string) => {
      let name = '';
      s().editAgent(id, (a) => {
        const r = addTool(a);
        name = r.name;
        return r.agent;
      });
      s().placeNodes(id, missingPositions(activeDoc(s())!, anchor));
      return name;
    };
    return { s, id, add, doc: () => activeDoc(s())! };
  }

  it('carryLayout moves a renamed node’s position, drops a removed one’s and never hands one to a new node', () => {
    const layout = { a: { x: 1, y: 1 }, b: { x: 2, y: 2 } };
    expect(carryLayout(layout, new Set(['a', 'b']), new Set(['a', 'c']))).toEqual({ a: { x: 1, y: 1 }, c: { x: 2, y: 2 } });
    expect(carryLayout(layout, new Set(['a', 'b']), new Set(['a']))).toEqual({ a: { x: 1, y: 1 } });
    expect(carryLayout({ ...layout, old: { x: 9, y: 9 } }, new Set(['a', 'b']), new Set(['a', 'b', 'old']))).toEqual(layout);
    expect(carryLayout(layout, new Set(['a', 'b']), new Set(['a', 'b']))).toBe(layout);
  });

  it('add → rename → add ×2 gives three tools apart, the renamed one where it was', () => {
    const { s, id, add, doc } = agentStudio();
    const first = add();
    const at = doc().layout[first];
    s().editAgent(id, (a) => renameTool(a, first, 'fetch'));
    expect(doc().layout['fetch']).toEqual(at);
    expect(doc().layout[first]).toBeUndefined();
    const second = add('fetch');
    const third = add(second);
    expect(second).toBe('tool');
    allApart({ ...doc().layout }, ['fetch', second, third]);
  });

  it('tools added one after another, each beside the last, fill the page in rows instead of one row off its edge', () => {
    const { add, doc } = agentStudio();
    let last = add();
    const names = [last];
    for (let i = 0; i < 8; i++) names.push((last = add(last)));
    const layout = { ...doc().layout };
    allApart(layout, names);
    const xs = names.map((n) => layout[n]!.x);
    const rows = new Set(names.map((n) => layout[n]!.y));
    // A row is at most what the canvas shows at zoom 1 at 1280×720 (700 units): nine tools take three rows.
    expect(Math.max(...xs) + W - Math.min(...xs)).toBeLessThanOrEqual(700);
    expect(rows.size).toBe(3);
    // Each row starts at the graph's left edge.
    for (const y of rows) expect(Math.min(...names.filter((n) => layout[n]!.y === y).map((n) => layout[n]!.x))).toBe(Math.min(...xs));
  });

  it('a deleted tool’s position is not reused by the next tool of its name, and undo brings it back', () => {
    const { s, id, add, doc } = agentStudio();
    const a = add();
    const b = add(a);
    s().setPositions(id, { [a]: { x: 600, y: 300 } });
    s().editAgent(id, (x) => removeTool(x, a));
    expect(doc().layout[a]).toBeUndefined();
    s().undo();
    expect(doc().layout[a]).toEqual({ x: 600, y: 300 });
    s().redo();
    const again = add(b);
    expect(again).toBe(a);
    expect(doc().layout[again]).not.toEqual({ x: 600, y: 300 });
    allApart({ ...doc().layout }, [b, again]);
  });

  it('a phase renamed in a workflow keeps its place and the next phase added lands beside it', () => {
    const store = createStudioStore(undefined, () => 0);
    const s = () => store.getState();
    const id = s().addWorkflow('w');
    s().placeNodes(id, layoutOf(activeDoc(s())!));
    const addOne = (anchor: string) => {
      let name = '';
      s().editWorkflow(id, (wf) => {
        const r = addPhase(wf);
        name = r.name;
        return r.workflow;
      });
      s().placeNodes(id, missingPositions(activeDoc(s())!, anchor));
      return name;
    };
    const p = addOne('start');
    s().editWorkflow(id, (wf) => renamePhase(wf, p, 'review'));
    const q = addOne('review');
    const r = addOne(q);
    const layout = activeDoc(s())!.layout;
    const boxes = ['start', 'done', 'review', q, r].map((n) => ({ n, ...layout[n]!, width: 260, height: 56 }));
    for (const x of boxes) for (const y of boxes) if (x.n < y.n) expect(x.x >= y.x + y.width || y.x >= x.x + x.width || x.y >= y.y + y.height || y.y >= x.y + x.height, `${x.n}/${y.n}`).toBe(true);
  });
});

describe('phaseNodeSizeOf: a phase’s height from what it shows (review14 #1)', () => {
  it('wraps texts at word boundaries', () => {
    expect(wrappedLines('', 10)).toBe(1);
    expect(wrappedLines('aaaa bbbb', 9)).toBe(1);
    expect(wrappedLines('aaaa bbbbb', 9)).toBe(2);
    expect(wrappedLines('a'.repeat(25), 10)).toBe(3);
  });
  it('is no shorter than hegel research.yaml’s plan phase as Chromium draws it (127 px: name, 2 + 3 lines, one rule)', () => {
    const plan = {
      summary: 'Define research priorities and scope for knowledge gathering.',
      prompt: 'You are in the PLANNING phase of Research Mode (Dialectic-Driven Development).',
      rules: [{ text: 'require_commits (lookback 1)' }],
    };
    const h = phaseNodeSizeOf(plan).height;
    expect(h).toBeGreaterThanOrEqual(127);
    expect(h).toBeLessThan(127 + 20);
    // more lines, more height; the bare node (on stage) is its name and rules
    expect(phaseNodeSizeOf({ ...plan, summary: `${plan.summary} ${plan.summary}` }).height).toBeGreaterThan(h);
    expect(phaseNodeSizeOf({ rules: plan.rules }).height).toBeLessThan(70);
  });
});
