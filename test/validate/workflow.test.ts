/**
 * W001–W010: workflow structure and node contents.
 */
import { describe, expect, it } from 'vitest';
import { SpanIndex, spanKey } from '../../src/core/diagnostics/index.ts';
import { checkWorkflow, codesOf, withCode, workflow } from './helpers.ts';

const node = (name: string, transitions: [string, string][] = [], rules: unknown[] = [], extra: object = {}) => ({
  name,
  prompt: name.toUpperCase(),
  transitions: transitions.map(([when, to]) => ({ when, to })),
  rules,
  ...extra,
});
const repeated = (window: number, pattern?: string) => ({ type: 'repeated_command', threshold: 3, window, ...(pattern === undefined ? {} : { pattern }) });

describe('a sound workflow', () => {
  it('gives no diagnostics', () => {
    const wf = workflow('a', [node('a', [['go', 'b']], [repeated(60, 'cargo (build|test)')]), node('b', [['finish', 'done']])]);
    expect(checkWorkflow(wf)).toEqual([]);
  });
});

describe('W001 a transition to a node that does not exist', () => {
  it('errors at the transition', () => {
    const wf = workflow('a', [node('a', [['next', 'missing'], ['finish', 'done']])]);
    const [d] = withCode(checkWorkflow(wf), 'W001');
    expect(d).toMatchObject({ severity: 'error', target: { kind: 'workflow', workflow: 'wf', node: 'a', transition: 0 } });
    expect(d?.message).toBe(
      'Transition 1 of node `a` (when `next`) goes to `missing`, which is not a node of the workflow (nor `done`): taking it leaves the workflow in no phase.',
    );
  });

  it('near miss: `done` needs no node', () => {
    expect(withCode(checkWorkflow(workflow('a', [node('a', [['finish', 'done']])])), 'W001')).toEqual([]);
  });

  it('uses the recorded span of the transition', () => {
    const spans = new SpanIndex();
    const range = { start: { line: 7, column: 9 }, end: { line: 8, column: 20 } };
    spans.set(spanKey.node(0, 'a'), { start: { line: 3, column: 3 }, end: { line: 9, column: 1 } });
    spans.set(spanKey.transition(0, 'a', 0), range);
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['next', 'missing']])]), 'spec', spans), 'W001');
    expect(d?.range).toEqual(range);
  });
});

describe('W002 start_node missing or not a node', () => {
  it('errors when start_node names no node', () => {
    const [d] = withCode(checkWorkflow(workflow('nope', [node('a', [['finish', 'done']])])), 'W002');
    expect(d).toMatchObject({ severity: 'error', target: { kind: 'workflow', workflow: 'wf' } });
    expect(d?.message).toBe('start_node `nope` is not a node of the workflow, so the workflow cannot start.');
  });

  it('errors when start_node is empty', () => {
    expect(withCode(checkWorkflow(workflow('', [node('a', [['finish', 'done']])])), 'W002')[0]?.message).toBe(
      'start_node is missing, so the workflow cannot start.',
    );
  });

  it('near miss: start_node is a node', () => {
    expect(withCode(checkWorkflow(workflow('a', [node('a', [['finish', 'done']])])), 'W002')).toEqual([]);
  });
});

describe('W003 a node that cannot be reached from start_node', () => {
  it('warns for the unreachable node only', () => {
    const wf = workflow('a', [node('a', [['finish', 'done']]), node('orphan', [['finish', 'done']])]);
    const list = checkWorkflow(wf);
    expect(withCode(list, 'W003').map((d) => d.target)).toEqual([{ kind: 'workflow', workflow: 'wf', node: 'orphan' }]);
    expect(withCode(list, 'W003')[0]!.severity).toBe('warning');
    expect(withCode(list, 'W003')[0]!.message).toBe('Node `orphan` cannot be reached from start node `a`: its prompt and rules never apply.');
  });

  it('near miss: reachable through a chain of transitions', () => {
    const wf = workflow('a', [node('a', [['go', 'b']]), node('b', [['go', 'c']]), node('c', [['finish', 'done']])]);
    expect(withCode(checkWorkflow(wf), 'W003')).toEqual([]);
  });
});

describe('W004 a place the workflow gets stuck: one warning per missing exit', () => {
  it('a loop with no way out is one warning at its first node, naming the nodes of the loop', () => {
    const wf = workflow('a', [node('a', [['go', 'b'], ['finish', 'done']]), node('b', [['go', 'c']]), node('c', [['back', 'b']])]);
    const list = withCode(checkWorkflow(wf), 'W004');
    expect(list.map((d) => d.target)).toEqual([{ kind: 'workflow', workflow: 'wf', node: 'b' }]);
    expect(list[0]!.severity).toBe('warning');
    expect(list[0]!.message).toBe(
      '`done` cannot be reached from nodes `b`, `c`: their transitions only go between them, so once there the workflow is stuck (only a restart_cycle claim leaves). Add a transition towards `done` here.',
    );
  });

  // Review 12: spec → code ⇄ review with no exit gave three W004s (spec, code, review) for one cause.
  it('the nodes leading only into the stuck place are named in its one warning, not warned about apart', () => {
    const wf = workflow('spec', [node('spec', [['spec_done', 'code']]), node('code', [['code_done', 'review']]), node('review', [['changes_requested', 'code']])]);
    const list = withCode(checkWorkflow(wf), 'W004');
    expect(list).toHaveLength(1);
    expect(list[0]!.target).toEqual({ kind: 'workflow', workflow: 'wf', node: 'code' });
    expect(list[0]!.message).toContain('from nodes `code`, `review`: their transitions only go between them');
    expect(list[0]!.message).toContain('`spec` leads only there.');
  });

  it('a chain ending in a node with no transition: one warning at that node', () => {
    const wf = workflow('start', [node('start', [['go', 'plan']]), node('plan', [['go', 'review']]), node('review')]);
    const list = withCode(checkWorkflow(wf), 'W004');
    expect(list.map((d) => d.target.kind === 'workflow' && d.target.node)).toEqual(['review']);
    expect(list[0]!.message).toBe(
      '`done` cannot be reached from node `review`: it has no transition, so once there the workflow is stuck (only a restart_cycle claim leaves). `start`, `plan` lead only there. Add a transition towards `done` here.',
    );
  });

  it('two stuck places are two warnings; a node looping on itself is one; a node leading to both is named in both', () => {
    const wf = workflow('a', [node('a', [['x', 'b'], ['y', 'c'], ['z', 'done']]), node('b', [['again', 'b']]), node('c', [['p', 'd']]), node('d'), node('e', [['q', 'b'], ['r', 'd']])]);
    const list = withCode(checkWorkflow(wf), 'W004');
    // `e` is unreachable (W003): it is left out of the W004 messages.
    expect(list.map((d) => d.target.kind === 'workflow' && d.target.node)).toEqual(['b', 'd']);
    expect(list[0]!.message).toContain('from node `b`: its transitions only come back to it');
    expect(list[0]!.message).not.toContain('lead');
    expect(list[1]!.message).toContain('`c` leads only there.');
    expect(codesOf(checkWorkflow(wf))).toContain('W003');
  });

  it('near miss: every node leads to done, through a loop', () => {
    const wf = workflow('a', [node('a', [['go', 'b']]), node('b', [['back', 'a'], ['finish', 'done']])]);
    expect(withCode(checkWorkflow(wf), 'W004')).toEqual([]);
  });
});

describe("W005 a pattern Rust's regex rejects", () => {
  it('names lookaround, with the offset, at the pattern field', () => {
    const wf = workflow('a', [node('a', [['finish', 'done']], [repeated(60, 'ab(?=x)y')])]);
    const [d] = withCode(checkWorkflow(wf), 'W005');
    expect(d).toMatchObject({ severity: 'error', target: { kind: 'workflow', workflow: 'wf', node: 'a', rule: 0 } });
    expect(d?.message).toContain(
      "pattern `ab(?=x)y` of rule #1 (repeated_command) of node `a` is rejected by Rust's regex at offset 2 (column 3): look-around, including look-ahead and look-behind, is not supported",
    );
  });

  it('names backreferences in a path_pattern', () => {
    const rule = { type: 'repeated_file_edit', path_pattern: '(a)\\1', threshold: 2, window: 60 };
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['finish', 'done']], [rule])])), 'W005');
    expect(d?.message).toContain('path_pattern `(a)\\1`');
    expect(d?.message).toContain('backreferences are not supported');
  });

  it('reports plain syntax errors too', () => {
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['finish', 'done']], [repeated(60, 'a(b')])])), 'W005');
    expect(d?.message).toContain("rejected by Rust's regex at offset 1 (column 2): unclosed group");
  });

  it('uses the recorded span of the pattern field', () => {
    const spans = new SpanIndex();
    const range = { start: { line: 12, column: 18 }, end: { line: 12, column: 27 } };
    spans.set(spanKey.nodeRule(0, 'a', 0), { start: { line: 11, column: 9 }, end: { line: 14, column: 1 } });
    spans.set(spanKey.nodeRuleField(0, 'a', 0, 'pattern'), range);
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['finish', 'done']], [repeated(60, '(?!x)')])]), 'spec', spans), 'W005');
    expect(d?.range).toEqual(range);
  });

  it("accepts and refuses as Rust's regex does (issue 10's examples)", () => {
    const w005 = (pattern: string) => withCode(checkWorkflow(workflow('a', [node('a', [['f', 'done']], [repeated(60, pattern)])])), 'W005');
    expect(w005('\\Qa.b\\E')[0]?.message).toContain('at offset 0 (column 1): unrecognized escape sequence');
    expect(w005('make -j\\141')[0]?.message).toContain('at offset 7 (column 8): backreferences are not supported');
    for (const ok of ['caf\\u00e9', '(?x) a b', '(?-u:\\w)+', 'a{1000}', '\\p{Greek}']) expect(w005(ok)).toEqual([]);
  });

  it('near miss: a valid pattern with classes and alternation', () => {
    expect(withCode(checkWorkflow(workflow('a', [node('a', [['f', 'done']], [repeated(60, '^(cargo|npm) \\w+$')])])), 'W005')).toEqual([]);
  });
});

describe('W006 values ≤ 0', () => {
  const zeroThreshold = { type: 'repeated_command', threshold: 0, window: 60 };

  it('is an error in the spec profile', () => {
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['f', 'done']], [zeroThreshold])]), 'spec'), 'W006');
    expect(d).toMatchObject({ severity: 'error', target: { node: 'a', rule: 0 } });
    expect(d?.message).toContain('threshold 0 of rule #1 (repeated_command) of node `a` must be positive');
  });

  it('is a warning in the hegel profile, saying what hegel does', () => {
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['f', 'done']], [zeroThreshold])]), 'hegel'), 'W006');
    expect(d?.severity).toBe('warning');
    expect(d?.message).toContain('hegel accepts it, but the rule fires on every evaluation');
  });

  it.each([
    [{ type: 'phase_timeout', max_duration: -5 }, 'max_duration'],
    [{ type: 'token_budget', max_tokens: 0 }, 'max_tokens'],
    [{ type: 'repeated_file_edit', threshold: 2, window: 0 }, 'window'],
  ])('covers %j', (rule, field) => {
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['f', 'done']], [rule])])), 'W006');
    expect(d?.message.startsWith(`${field} `)).toBe(true);
  });

  it('lookback_phases ≤ 0 is an error in both profiles', () => {
    const wf = workflow('a', [node('a', [['f', 'done']], [{ type: 'require_commits', lookback_phases: 0 }])]);
    for (const profile of ['spec', 'hegel'] as const) {
      const [d] = withCode(checkWorkflow(wf, profile), 'W006');
      expect(d?.severity).toBe('error');
      expect(d?.message).toContain('hegel’s loader rejects it');
    }
  });

  it('near miss: all values 1', () => {
    const rules = [
      { type: 'repeated_command', threshold: 1, window: 1 },
      { type: 'token_budget', max_tokens: 1 },
      { type: 'require_commits', lookback_phases: 1 },
    ];
    expect(withCode(checkWorkflow(workflow('a', [node('a', [['f', 'done']], rules)])), 'W006')).toEqual([]);
  });
});

describe('W007 prompt and prompt_hbs together', () => {
  it('errors', () => {
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['f', 'done']], [], { prompt_hbs: '{{x}}' })])), 'W007');
    expect(d).toMatchObject({ severity: 'error', target: { kind: 'workflow', workflow: 'wf', node: 'a' } });
    expect(d?.message).toContain('Node `a` has both prompt and prompt_hbs');
  });

  it('near miss: prompt_hbs alone', () => {
    const n = { name: 'a', prompt_hbs: '{{x}}', transitions: [{ when: 'f', to: 'done' }] };
    expect(withCode(checkWorkflow(workflow('a', [n])), 'W007')).toEqual([]);
  });
});

describe('W008 an explicit done node', () => {
  it('warns, and does not count it as a stuck or unreachable node', () => {
    const list = checkWorkflow(workflow('a', [node('a', [['f', 'done']]), { name: 'done', prompt: 'bye' }]));
    expect(codesOf(list)).toEqual(['W008']);
    expect(list[0]).toMatchObject({ severity: 'warning', target: { node: 'done' } });
    expect(list[0]!.message).toContain('hegel rejects a workflow that declares it');
  });

  it('near miss: a node whose name only starts with done', () => {
    expect(withCode(checkWorkflow(workflow('a', [node('a', [['f', 'done'], ['g', 'done_soon']]), node('done_soon', [['f', 'done']])])), 'W008')).toEqual([]);
  });
});

describe('W009 two transitions with the same `when`', () => {
  it('warns at the second', () => {
    const [d] = withCode(checkWorkflow(workflow('a', [node('a', [['go', 'done'], ['go', 'b']]), node('b', [['f', 'done']])])), 'W009');
    expect(d).toMatchObject({ severity: 'warning', target: { node: 'a', transition: 1 } });
    expect(d?.message).toBe('Transitions 1 and 2 of node `a` both fire on `go`: the first in file order is always taken, so transition 2 (to `b`) is never taken.');
  });

  it('near miss: the same `when` in different nodes', () => {
    expect(withCode(checkWorkflow(workflow('a', [node('a', [['go', 'b']]), node('b', [['go', 'done']])])), 'W009')).toEqual([]);
  });
});

describe('W010 a window longer than the phase timeout', () => {
  it('warns at the repeated rule', () => {
    const wf = workflow('a', [node('a', [['f', 'done']], [repeated(600), { type: 'phase_timeout', max_duration: 300 }])]);
    const [d] = withCode(checkWorkflow(wf), 'W010');
    expect(d).toMatchObject({ severity: 'warning', target: { node: 'a', rule: 0 } });
    expect(d?.message).toBe(
      'The window of rule #1 (repeated_command) of node `a` (600s) is longer than the node’s phase_timeout (300s, rule #2): the phase times out first, so the rule can never see a full window.',
    );
  });

  it('near miss: a window equal to the timeout, or a timeout in another node', () => {
    const wf = workflow('a', [
      node('a', [['go', 'b']], [repeated(300), { type: 'phase_timeout', max_duration: 300 }]),
      node('b', [['f', 'done']], [repeated(900)]),
    ]);
    expect(withCode(checkWorkflow(wf), 'W010')).toEqual([]);
  });
});

describe('large workflows', () => {
  it('checks a 2,000-node chain without recursion', () => {
    const n = 2000;
    const nodes = Array.from({ length: n }, (_, i) => node(`n${i}`, [['next', i + 1 < n ? `n${i + 1}` : 'done']]));
    expect(checkWorkflow(workflow('n0', nodes))).toEqual([]);
  });
});
