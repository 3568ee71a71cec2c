/**
 * The workflow search's state key against a plain reference key, on random workflows and random
 * sessions (issue 28, `verify --profile hegel` under a second). The key is made fast (one reused
 * writer, numbered labels, (kind, text) pairs looked up without joining strings, wide numbers as
 * two units, a node's first phase looked up rather than scanned, the search's "no interrupt so
 * far" flag written into the key): two states must get equal fast keys exactly when they get
 * equal reference keys, which spell out what the abstraction keeps as JSON (see stateKey.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSettings, workflowProfileOf } from '../../src/core/engine/settings.ts';
import { compileWorkflow } from '../../src/core/engine/workflow/compiled.ts';
import {
  createWorkflowEngine,
  type WorkflowEngineState,
} from '../../src/core/engine/workflow/engine.ts';
import type { HegelRulesState } from '../../src/core/engine/workflow/hegelRules.ts';
import type { SlidingWindowState } from '../../src/core/engine/workflow/slidingWindow.ts';
import {
  workflowStateKey,
  type WorkflowKeyBounds,
} from '../../src/core/engine/workflow/stateKey.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { workflowMoveModel } from '../../src/core/verify/workflowMoves.ts';
import { workflowOf } from './workflowHelpers.ts';

const NODES = ['a', 'b', 'c'];
const transition = fc.record({
  when: fc.constantFrom('x', 'y', 'restart_cycle'),
  to: fc.constantFrom(...NODES, 'done'),
});
const repeated = (
  type: 'repeated_command' | 'repeated_file_edit',
  key: 'pattern' | 'path_pattern',
  patterns: string[],
) =>
  fc.record(
    {
      type: fc.constant(type),
      [key]: fc.constantFrom(...patterns),
      threshold: fc.integer({ min: 0, max: 3 }),
      window: fc.constantFrom(1, 60, 600),
    },
    { requiredKeys: ['type', 'threshold', 'window'] },
  );
const rule = fc.oneof(
  repeated('repeated_command', 'pattern', ['make', 'cargo (build|test)']),
  repeated('repeated_file_edit', 'path_pattern', ['src/.*']),
  fc.record({ type: fc.constant('phase_timeout'), max_duration: fc.constantFrom(0, 30, 600) }),
  fc.record({ type: fc.constant('token_budget'), max_tokens: fc.constantFrom(0, 10, 70000) }),
  fc.record({ type: fc.constant('require_commits'), lookback_phases: fc.constantFrom(1, 2) }),
);
const node = fc.record({
  transitions: fc.array(transition, { maxLength: 3 }),
  rules: fc.array(rule, { maxLength: 3 }),
});
const workflowArb = fc.tuple(node, node, node).map(([a, b, c]) => workflowOf({ a, b, c }));
const settingsArb = fc.record({
  profile: fc.constantFrom('spec' as const, 'hegel' as const),
  evaluateOn: fc.constantFrom('next' as const, 'every_event' as const),
});

/** Gaps in ms around the key's one-unit limit (0xfffd) and well past it, and none. */
const gap = fc.constantFrom(0, 0, 0, 1, 0xfffc, 0xfffd, 0xfffe, 0xffff, 0x10000, 600_000, 601_000);
const eventArb = fc.oneof(
  fc.record({
    type: fc.constant('next' as const),
    claims: fc.constantFrom([], ['x'], ['y'], ['restart_cycle']),
  }),
  fc.record({
    type: fc.constant('command' as const),
    command: fc.constantFrom('make', 'cargo build', 'src/a'),
    tool: fc.constant('Bash'),
  }),
  fc.record({
    type: fc.constant('file_edit' as const),
    path: fc.constantFrom('src/a', 'src/b', 'README.md'),
    tool: fc.constant('Edit'),
  }),
  fc.record({
    type: fc.constant('tokens' as const),
    input: fc.constantFrom(1, 11, 70001),
    output: fc.constant(0),
  }),
  fc.record({ type: fc.constant('commit' as const), hash: fc.constant('c0ffee') }),
);
const sessionArb = fc.array(fc.array(fc.tuple(gap, eventArb), { maxLength: 10 }), {
  minLength: 2,
  maxLength: 12,
});

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A multiset of texts, each count capped, as sorted (text, count) pairs. */
function countsOf(texts: string[], cap: number): [string, number][] {
  const m = new Map<string, number>();
  for (const t of texts) m.set(t, (m.get(t) ?? 0) + 1);
  return [...m].sort(([x], [y]) => byText(x, y)).map(([t, n]) => [t, Math.min(cap, n)]);
}

/** What the abstraction keeps of a state, spelled out (the module comment of stateKey.ts), as JSON. */
function referenceKey(s: WorkflowEngineState, b: WorkflowKeyBounds, clean: number): string {
  const now = s.now ?? 0;
  const phases = s.phases.phases;
  const last = phases.length - 1;
  const age = (t: number) => Math.min(b.horizonMs, Math.max(0, now - t));
  const flags = (upTo: number, k: number) => {
    const out: number[] = [];
    for (let i = Math.max(0, upTo - k + 1); i <= upTo; i++)
      out.push((phases[i]?.commits ?? 0) > 0 ? 1 : 0);
    return out;
  };
  const current = phases[last];
  const instant = s.phases.instant;
  const parts: unknown[] = [
    clean,
    s.node,
    [...s.firing].sort((x, y) => x - y),
    flags(last, b.lookback),
  ];
  parts.push(
    instant.time === now && instant.turns > 0
      ? [Math.min(b.tokenCap, instant.tokensIn + instant.tokensOut), instant.phase === last]
      : null,
  );
  if (s.profile === 'spec') {
    const reads = s.node === null ? undefined : b.nodes.get(s.node);
    parts.push(current && reads?.timeout ? age(current.start) : null);
    parts.push(
      current && reads && reads.tokenCap > 0
        ? Math.min(reads.tokenCap, current.tokensIn + current.tokensOut)
        : null,
    );
    const caps = (s.node === null ? undefined : b.windows.get(s.node)) ?? [];
    parts.push(
      (s.rules as SlidingWindowState[]).map((w, i) =>
        countsOf(
          w.entries.map((e) => JSON.stringify([age(e.time), e.text])),
          caps[i] ?? b.countCap,
        ),
      ),
    );
    return JSON.stringify(parts);
  }
  parts.push(current ? age(current.start) : null);
  for (const [node, reads] of b.readers) {
    const i = phases.findIndex((p) => p.node === node);
    const p = phases[i];
    if (p === undefined) {
      parts.push(null);
      continue;
    }
    parts.push([
      reads.timeout ? Math.min(b.horizonMs, (p.end ?? now) - p.start) : null,
      reads.tokenCap > 0 ? Math.min(reads.tokenCap, p.tokensIn + p.tokensOut) : null,
      flags(i, reads.lookback),
    ]);
  }
  const r = s.rules as HegelRulesState;
  const caps = b.windows.get('') ?? [];
  parts.push(r.windows.map((w, i) => Math.min(caps[i] ?? b.countCap, w.entries.length)));
  parts.push(
    r.instant.time === now
      ? countsOf(
          r.instant.items.map((x) => JSON.stringify([x.kind, x.entry.text])),
          b.countCap,
        )
      : null,
  );
  return JSON.stringify(parts);
}

describe('workflow state key', () => {
  it('two states get equal keys exactly when what the abstraction keeps of them is equal', () => {
    fc.assert(
      fc.property(workflowArb, settingsArb, sessionArb, (wf, input, sessions) => {
        const settings = resolveSettings(input);
        const profile = workflowProfileOf(settings.profile);
        const bounds = workflowMoveModel(compileWorkflow(wf, profile), profile).bounds;
        const engine = createWorkflowEngine(wf, settings);
        const keys: { fast: string; reference: string }[] = [];
        const keep = (clean: number) => {
          const state = engine.save();
          keys.push({
            fast: workflowStateKey(state, bounds, clean),
            reference: referenceKey(state, bounds, clean),
          });
          return state;
        };
        engine.step({ type: 'workflow_start', time: 0 } as TraceEvent, { executed: true });
        const start = keep(1);
        // Sessions from the start, each a branch restored from the saved start: states repeat across them.
        for (const [n, session] of sessions.entries()) {
          engine.restore(start);
          let time = 0;
          for (const [g, e] of session) {
            time += g;
            engine.step({ ...e, time } as TraceEvent, { executed: true });
            keep(n % 2);
          }
        }
        for (const x of keys)
          for (const y of keys)
            if ((x.fast === y.fast) !== (x.reference === y.reference))
              expect({ x, y, equalFast: x.fast === y.fast }).toBe(
                'keys that agree with the reference',
              );
      }),
      { numRuns: 300 },
    );
  });

  it('keeps ages on either side of the one-unit limit apart (0xfffc … 0x10000 ms)', () => {
    const wf = workflowOf({
      a: {
        transitions: [{ when: 'x', to: 'b' }],
        rules: [{ type: 'phase_timeout', max_duration: 600 }],
      },
      b: {},
    });
    const settings = resolveSettings({ profile: 'hegel' });
    const bounds = workflowMoveModel(compileWorkflow(wf, 'hegel'), 'hegel').bounds;
    const engine = createWorkflowEngine(wf, settings);
    engine.step({ type: 'workflow_start', time: 0 } as TraceEvent, { executed: true });
    const start = engine.save();
    const keys = [0xfffc, 0xfffd, 0xfffe, 0xffff, 0x10000, 0x1fffd].map((age) => {
      engine.restore(start);
      engine.step({ type: 'commit', time: age, hash: 'c0ffee' } as TraceEvent, { executed: true });
      return workflowStateKey(engine.save(), bounds, 1);
    });
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('workflow engine stepped without texts (the search)', () => {
  it('makes the same decisions as with texts, each interrupt with an empty text', () => {
    fc.assert(
      fc.property(workflowArb, settingsArb, sessionArb, (wf, input, sessions) => {
        const settings = resolveSettings(input);
        const withTexts = createWorkflowEngine(wf, settings);
        const without = createWorkflowEngine(wf, settings);
        const blank = (ds: ReturnType<typeof withTexts.step>) =>
          ds.map((d) => (d.kind === 'interrupt' ? { ...d, text: '' } : d));
        const start = { type: 'workflow_start', time: 0 } as TraceEvent;
        expect(without.step(start, { executed: true, texts: false })).toEqual(
          blank(withTexts.step(start, { executed: true })),
        );
        let time = 0;
        for (const [g, e] of sessions.flat()) {
          time += g;
          const event = { ...e, time } as TraceEvent;
          expect(without.step(event, { executed: true, texts: false })).toEqual(
            blank(withTexts.step(event, { executed: true })),
          );
        }
        expect(without.snapshot()).toEqual(withTexts.snapshot());
      }),
      { numRuns: 200 },
    );
  });
});
