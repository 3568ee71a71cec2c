import { describe, expect, it } from 'vitest';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { placeUnpositioned } from '../../src/app/layout/placement.ts';
import { keepsPositions } from '../../src/app/graph/usePlacement.ts';
import { GRAPH_CAP } from '../../src/app/graph/neighbourhood.ts';

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
