import { describe, expect, it } from 'vitest';
import { activeDoc, createStudioStore } from '../../src/app/state/store.ts';
import { placeUnpositioned } from '../../src/app/layout/placement.ts';

describe('node placement', () => {
  it('places only missing nodes, on a grid below the placed ones', () => {
    const layout = { a: { x: 10, y: 0 }, b: { x: 300, y: 200 } };
    expect(placeUnpositioned(['a', 'b'], layout)).toEqual({});
    const out = placeUnpositioned(['a', 'b', 'c', 'd'], layout, 1);
    expect(out).toEqual({ c: { x: 10, y: 360 }, d: { x: 10, y: 500 } });
    expect(placeUnpositioned(['x'], {})).toEqual({ x: { x: 0, y: 0 } });
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
});
