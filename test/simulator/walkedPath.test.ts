import { describe, expect, it } from 'vitest';
import type { Decision, DecisionBody } from '../../src/core/engine/decisions.ts';
import { walkedPath } from '../../src/core/simulator/walkedPath.ts';

const d = (body: DecisionBody, seq = 0): Decision => ({ seq, event: seq, time: '2025-01-01T00:00:00.000Z', ...body }) as Decision;
const ran = (tool: string): Decision => d({ kind: 'allowed', tool, outcome: 'ok', flow: 'continue' });
const auto = (tool: string): Decision => d({ kind: 'auto', tool, reason: 'start_constraint', outcome: 'ok', flow: 'continue' });
const blocked = (tool: string): Decision => d({ kind: 'blocked', tool, code: 'PrerequisitesNotMet', message: '' });
const edges = [
  { id: 'e1', source: 'a', target: 'b' },
  { id: 'e2', source: 'b', target: 'c' },
  { id: 'e3', source: 'c', target: 'a' },
  { id: 'e4', source: 'b', target: 'd' },
];

describe('walkedPath', () => {
  it('marks the tools that ran, the edges between consecutive ones, and the last move apart', () => {
    expect(walkedPath([auto('a'), ran('b'), ran('b'), ran('c')], edges, 'tools')).toEqual({ nodes: ['a', 'b', 'c'], edges: ['e1'], last: ['e2'], refused: false });
  });

  it('a refused call walks nothing, but as the last decision it is the edge tried', () => {
    expect(walkedPath([ran('a'), ran('b'), blocked('d')], edges, 'tools')).toEqual({ nodes: ['a', 'b'], edges: ['e1'], last: ['e4'], refused: true });
    // once something else happened, the refused call left no mark
    expect(walkedPath([ran('a'), ran('b'), blocked('d'), d({ kind: 'exit' })], edges, 'tools')).toEqual({ nodes: ['a', 'b'], edges: ['e1'], last: [], refused: false });
  });

  it('skips holes (windows not read yet), what moves nowhere and the workflow beside the calls', () => {
    expect(walkedPath([ran('a'), undefined, d({ kind: 'ignored', tool: 'c' }), ran('b')], edges, 'tools').last).toEqual(['e1']);
    expect(walkedPath([ran('a'), ran('b'), d({ kind: 'transition', from: 'p', to: 'q' })], edges, 'tools')).toEqual({ nodes: ['a', 'b'], edges: [], last: ['e1'], refused: false });
  });

  it('starts afresh in a new conversation or batch, as the engine counts the order (review14 #4: ETL step 9)', () => {
    // ETL: connect_db (auto), extract, transform, load, exit; extract ignored; connect_db again (new batch), load blocked
    const etl = [
      { id: 'c>e', source: 'connect_db', target: 'extract' },
      { id: 'e>t', source: 'extract', target: 'transform' },
      { id: 't>l', source: 'transform', target: 'load' },
      { id: 'c>l', source: 'connect_db', target: 'load' },
    ];
    const run = [auto('connect_db'), ran('extract'), ran('transform'), ran('load'), d({ kind: 'exit' }), d({ kind: 'ignored', tool: 'extract' })];
    expect(walkedPath([...run, auto('connect_db'), blocked('load')], etl, 'tools')).toEqual({ nodes: ['connect_db'], edges: [], last: ['c>l'], refused: true });
    // the first call after an exit starts it too, start tool or not
    expect(walkedPath([...run, ran('extract')], etl, 'tools')).toEqual({ nodes: ['extract'], edges: [], last: [], refused: false });
  });

  it('walks a workflow by its transitions, START included, and ignores tool calls', () => {
    const t = (from: string, to: string) => d({ kind: 'transition', from, to });
    const path = walkedPath([t('START', 'a'), ran('x'), t('a', 'b'), t('b', 'c'), ran('y')], edges, 'phases');
    expect(path).toEqual({ nodes: ['START', 'a', 'b', 'c'], edges: ['e1'], last: ['e2'], refused: false });
    // a decision after the transition (an interrupt) leaves no current move
    expect(walkedPath([t('a', 'b'), d({ kind: 'interrupt', node: 'b', ruleType: 'x', rule: 0, text: '' })], edges, 'phases').last).toEqual([]);
  });
});
