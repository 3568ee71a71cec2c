import { describe, expect, it } from 'vitest';
import { nodesFirst, readingOrder, type Place } from './tabOrder.ts';

const kind = (s: string) => (s.startsWith('n') ? 'node' : s.startsWith('e') ? 'edge' : undefined);

describe('nodesFirst', () => {
  it('puts a run of graph items nodes first, in their order, and leaves the rest in place', () => {
    expect(nodesFirst(['a', 'e1', 'e2', 'n1', 'n2', 'b'], kind)).toEqual(['a', 'n1', 'n2', 'e1', 'e2', 'b']);
  });
  it('keeps a page with no graph, or a graph of nodes only, as it is', () => {
    expect(nodesFirst(['a', 'b'], kind)).toEqual(['a', 'b']);
    expect(nodesFirst(['n1', 'n2', 'c'], kind)).toEqual(['n1', 'n2', 'c']);
  });
});

// Review 12: Tab went through the nodes in the order the file declares them, not as they are drawn.
describe('readingOrder', () => {
  /** api-client as drawn (shot 80): authenticate and the `*` node on top, then send_message, get and post, delete and logout. */
  const drawn: Record<string, Place> = {
    authenticate: { top: 92, left: 358, height: 57, width: 176 },
    '*': { top: 105, left: 627, height: 32, width: 176 },
    get: { top: 317, left: 358, height: 57, width: 176 },
    post: { top: 317, left: 627, height: 57, width: 176 },
    delete: { top: 436, left: 358, height: 32, width: 176 },
    logout: { top: 436, left: 627, height: 57, width: 176 },
    send_message: { top: 198, left: 627, height: 57, width: 176 },
  };
  it('orders nodes in rows top to bottom, each left to right, whatever order they are declared in', () => {
    expect(readingOrder(Object.keys(drawn), (n) => drawn[n]!)).toEqual(['authenticate', '*', 'send_message', 'get', 'post', 'delete', 'logout']);
  });
  it('orders a workflow’s phases in columns left to right, each top to bottom (review14 #9: hegel-execution wrapped in two columns)', () => {
    const col = (left: number, top: number): Place => ({ top, left, height: 120, width: 262 });
    const phases: Record<string, Place> = { spec: col(300, 80), code_review: col(620, 80), plan: col(300, 260), readme: col(620, 250), code: col(300, 440), done: col(620, 430) };
    expect(readingOrder(Object.keys(phases), (n) => phases[n]!, 'DOWN')).toEqual(['spec', 'plan', 'code', 'code_review', 'readme', 'done']);
    expect(readingOrder(Object.keys(phases), (n) => phases[n]!)).toEqual(['spec', 'code_review', 'plan', 'readme', 'code', 'done']);
  });
  it('puts the graph run nodes first in reading order, edges after, the rest in place', () => {
    const place = (s: string) => ({ n1: { top: 200, left: 0, height: 40, width: 176 }, n2: { top: 0, left: 0, height: 40, width: 176 } })[s] ?? { top: 0, left: 0, height: 0, width: 176 };
    expect(nodesFirst(['a', 'e1', 'n1', 'n2', 'b'], kind, place)).toEqual(['a', 'n2', 'n1', 'e1', 'b']);
  });
});
