/**
 * Spec statements the conformance cases do not exercise, checked on the naive reference directly,
 * so the oracle of the differential test is itself pinned to the spec.
 */
import { describe, expect, it } from 'vitest';
import type { Agent, ToolRule } from '../../src/core/model/toolRules.ts';
import type { Workflow } from '../../src/core/model/workflow.ts';
import { TraceEvent } from '../../src/core/traces/events.ts';
import type { ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { naiveReplay } from './naiveReplay.ts';
import { rule } from '../support/rules.ts';

const T0 = Date.UTC(2025, 0, 1, 10);
const agent = (rules: ToolRule[], tools: string[] = []): Agent => ({
  name: 'a',
  tools: tools.map((name) => ({ name })),
  rules,
});
/** Events from `[secondsAfterT0, body]` pairs. */
const trace = (...items: [number, Record<string, unknown>][]) =>
  items.map(([s, body]) => TraceEvent.parse({ ...body, time: T0 + s * 1000 }));
const call = (tool: string, extra: Record<string, unknown> = {}) => ({
  type: 'tool_call',
  tool,
  ...extra,
});
/** The stream as (event, kind, tool?) triples plus the chosen extra fields. */
function run(
  cfg: { agent?: Agent; workflow?: Workflow; settings?: ReplaySettingsInput },
  events: TraceEvent[],
) {
  return naiveReplay(cfg, events).flatMap((bodies, event) => bodies.map((b) => ({ event, ...b })));
}

describe('naive reference: tool-rules.md §4–§8', () => {
  it('Periodic reports at most once per event when its period count grew, before auto-start, and restarts from the last execution', () => {
    const a = agent([
      rule('init', { type: 'StartConstraint' }),
      rule('ping', { type: 'Periodic', value: 10_000 }),
    ]);
    const s = run(
      { agent: a },
      trace(
        [0, call('x')],
        [25, { type: 'batch_start' }],
        [27, call('ping')],
        [36, call('x', { args: { q: 1 } })],
        [37, call('x', { args: { q: 2 } })],
      ),
    );
    expect(s.map((d) => [d.event, d.kind, 'tool' in d ? d.tool : ''])).toEqual([
      [0, 'auto', 'init'],
      [0, 'allowed', 'x'],
      [1, 'periodic_due', 'ping'],
      [1, 'auto', 'init'],
      [2, 'allowed', 'ping'],
      [3, 'allowed', 'x'],
      [4, 'periodic_due', 'ping'],
      [4, 'allowed', 'x'],
    ]);
  });

  it('gate mode blocks other tools until the start tools were called, naming the first missing rule', () => {
    const a = agent([
      rule('b', { type: 'StartConstraint' }, [], 1),
      rule('a', { type: 'StartConstraint' }, [], 9),
    ]);
    const s = run(
      { agent: a, settings: { startConstraints: 'gate' } },
      trace([0, call('x')], [1, call('a')], [2, call('b')], [3, call('x', { args: { q: 1 } })]),
    );
    expect(s[0]).toEqual({
      event: 0,
      kind: 'blocked',
      tool: 'x',
      code: 'StartConstraintsNotMet',
      rule: 1,
      message:
        'Tool x cannot be executed until start constraints are satisfied. Required: ["a", "b"]',
    });
    expect(s.slice(1).map((d) => d.kind)).toEqual(['allowed', 'allowed', 'allowed']);
  });

  it('orderingScope process: a heartbeat continuation resets the ordering history and reruns the start tools', () => {
    const a = agent([
      rule('init', { type: 'StartConstraint' }),
      rule('y', { type: 'RequiresFollowingTools' }, ['x']),
    ]);
    const events = trace([0, call('x')], [1, { type: 'process_start' }], [2, call('y')]);
    expect(
      run({ agent: a, settings: { orderingScope: 'process' } }, events).map((d) => d.kind),
    ).toEqual(['auto', 'allowed', 'auto', 'allowed']);
    expect(
      run({ agent: a, settings: { orderingScope: 'batch' } }, events).map((d) => d.kind),
    ).toEqual(['auto', 'allowed', 'blocked']);
  });

  it('exit mode block reports exit_blocked and the loop goes on', () => {
    const a = agent([
      rule('save', { type: 'RequiredBeforeExit' }),
      rule('done', { type: 'ExitLoop' }),
    ]);
    const s = run(
      { agent: a, settings: { exitRequirements: 'block' } },
      trace([0, call('done')], [1, call('save')], [2, { type: 'model_end' }]),
    );
    expect(s).toEqual([
      { event: 0, kind: 'allowed', tool: 'done', outcome: 'ok', flow: 'exit' },
      {
        event: 0,
        kind: 'exit_blocked',
        pending: ['save'],
        code: 'RequiredBeforeExit',
        message: 'You must call these tools before ending the conversation: save',
      },
      { event: 1, kind: 'allowed', tool: 'save', outcome: 'ok', flow: 'end' },
      { event: 2, kind: 'exit' },
    ]);
  });

  it('approve_for N holds while now < answer time + N s; synthetic calls skip dedupe', () => {
    const a = agent([
      rule('sh', { type: 'RequiresConsent', value: {} }),
      rule('sh', { type: 'StartConstraint' }),
    ]);
    const s = run(
      { agent: a, settings: { consentDefault: 'deny' } },
      trace(
        [0, call('sh', { consent: { approve_for: 10 } })],
        [9, call('sh', { args: { n: 1 } })],
        [10, call('sh', { args: { n: 2 } })],
      ),
    );
    expect(
      s.map((d) => [d.kind, 'consent' in d ? d.consent : d.kind === 'denied' ? d.message : '']),
    ).toEqual([
      ['denied', 'Permission denied for tool sh (scope: none)'],
      ['allowed', 'approve_for'],
      ['allowed', 'grant'],
      ['denied', 'Permission denied for tool sh (scope: none)'],
    ]);
  });

  it('Timeout records nothing, so a following identical call is not deduplicated', () => {
    const s = run(
      { agent: agent([]), settings: { executionTimeoutMs: 1000 } },
      trace([0, call('x', { duration_ms: 1001 })], [1, call('x')], [2, call('x')]),
    );
    expect(s.map((d) => d.kind)).toEqual(['timeout', 'allowed', 'deduplicated']);
    expect(s[0]).toMatchObject({ code: 'Timeout', message: 'Tool x execution timed out after 1s' });
  });
});

describe('naive reference: workflow-rules.md §3, §5', () => {
  const wf = (rules: Workflow['nodes'][number]['rules']): Workflow => ({
    name: 'w',
    mode: 'execution',
    start_node: 'a',
    nodes: [
      { name: 'a', transitions: [{ when: 'go', to: 'b' }], rules: [] },
      { name: 'b', transitions: [{ when: 'go', to: 'a' }], rules },
    ],
  });

  it('every_event reports an interrupt once while firing, and again after it stopped firing', () => {
    const w = wf([{ type: 'repeated_command', threshold: 2, window: 10 }]);
    const events = trace(
      [0, { type: 'workflow_start' }],
      [0, { type: 'next', claims: ['go'] }],
      [1, { type: 'command', command: 'make' }],
      [2, { type: 'command', command: 'make' }],
      [3, { type: 'command', command: 'make' }],
      [20, { type: 'tokens', input: 1, output: 1 }],
      [21, { type: 'command', command: 'make' }],
      [22, { type: 'command', command: 'make' }],
    );
    const interrupts = run({ workflow: w, settings: { evaluateOn: 'every_event' } }, events).filter(
      (d) => d.kind === 'interrupt',
    );
    expect(interrupts.map((d) => d.event)).toEqual([3, 7]);
  });

  it('hegel: a node entered for the first time never fires phase_timeout at its next; the transition is always taken', () => {
    const w = wf([{ type: 'phase_timeout', max_duration: 5 }]);
    const events = trace(
      [0, { type: 'workflow_start' }],
      [100, { type: 'next', claims: ['go'] }],
      [200, { type: 'next', claims: ['go'] }],
      [300, { type: 'next', claims: ['go'] }],
    );
    const s = run({ workflow: w, settings: { profile: 'hegel' } }, events);
    expect(s.map((d) => [d.event, d.kind])).toEqual([
      [0, 'transition'],
      [1, 'transition'],
      [2, 'transition'],
      [3, 'transition'],
      [3, 'interrupt'],
    ]);
    expect(s[4]).toMatchObject({ node: 'b', ruleType: 'phase_timeout', rule: 0 });
    expect(s[4] && 'text' in s[4] ? s[4].text : '').toContain(
      'b phase running for 100s (limit: 5s)',
    );
  });

  it('spec: an interrupt blocks the transition; force skips the rule', () => {
    const w: Workflow = {
      ...wf([]),
      nodes: [
        {
          name: 'a',
          transitions: [{ when: 'go', to: 'b' }],
          rules: [{ type: 'token_budget', max_tokens: 10 }],
        },
        { name: 'b', transitions: [], rules: [] },
      ],
    };
    const events = trace(
      [0, { type: 'workflow_start' }],
      [1, { type: 'tokens', input: 8, output: 3, cache_read: 1000 }],
      [2, { type: 'next', claims: ['go'] }],
      [3, { type: 'next', claims: ['go'], force: ['token_budget'] }],
    );
    const s = run({ workflow: w }, events);
    expect(s.map((d) => [d.event, d.kind])).toEqual([
      [0, 'transition'],
      [2, 'interrupt'],
      [3, 'transition'],
    ]);
    expect(s[1] && 'text' in s[1] ? s[1].text : '').toContain(
      'Diagnostic: Token budget exceeded: 11 / 10\nInput tokens: 8\nOutput tokens: 3\n',
    );
  });
});
