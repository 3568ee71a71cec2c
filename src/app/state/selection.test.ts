import { describe, expect, it } from 'vitest';
import { isNodeSelected, selectedNodes, selectionOfNodes, withNodeToggled } from './selection.ts';

describe('node selections', () => {
  it('keeps one node a plain tool or phase selection', () => {
    expect(selectionOfNodes('tool', ['a'])).toEqual({ kind: 'tool', tool: 'a' });
    expect(selectionOfNodes('phase', ['p', 'p'])).toEqual({ kind: 'phase', node: 'p' });
    expect(selectionOfNodes('tool', [])).toEqual({ kind: 'none' });
  });
  it('holds several in the order picked, without duplicates', () => {
    expect(selectionOfNodes('tool', ['b', 'a', 'b'])).toEqual({ kind: 'nodes', nodes: ['b', 'a'] });
  });
  it('toggles a node in and out, back down to one and to none', () => {
    let s = withNodeToggled({ kind: 'tool', tool: 'a' }, 'tool', 'b');
    expect(s).toEqual({ kind: 'nodes', nodes: ['a', 'b'] });
    expect(isNodeSelected(s, 'b')).toBe(true);
    s = withNodeToggled(s, 'tool', 'a');
    expect(s).toEqual({ kind: 'tool', tool: 'b' });
    s = withNodeToggled(s, 'tool', 'b');
    expect(s).toEqual({ kind: 'none' });
  });
  it('starts a node selection afresh from a rule selection', () => {
    expect(withNodeToggled({ kind: 'rule', index: 3 }, 'tool', 'x')).toEqual({ kind: 'tool', tool: 'x' });
    expect(selectedNodes({ kind: 'transition', node: 'p', index: 0 })).toEqual([]);
  });
});
