/**
 * The engine's state key (`stateKey()`): random agents and settings, many random trace prefixes
 * per agent, one random continuation. Whenever two prefixes leave engines with equal keys, the
 * continuation (at the same offsets from each prefix's last event) gives the same decisions,
 * messages aside. The test also checks that it saw such collisions between different prefixes,
 * so the promise is exercised, and that the key tells apart states that decide differently.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DecisionBody } from '../../src/core/engine/decisions.ts';
import { resolveSettings, type ReplaySettings } from '../../src/core/engine/settings.ts';
import { Agent } from '../../src/core/model/toolRules.ts';
import { createToolEngine } from '../../src/core/engine/tools/index.ts';
import { KeyTable } from '../../src/core/engine/keyTable.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import { agent, call, ev, T } from './helpers.ts';
import { rulesArb, settingsArb, type Step } from './arbitraries.ts';

const periodicArb = fc.array(
  fc.record({ tool_name: fc.constantFrom('a', 'b'), rule_type: fc.record({ type: fc.constant('Periodic' as const), value: fc.constantFrom(700, 1500) }) }),
  { maxLength: 1 },
);

/** Steps over a small space, so different prefixes often reach the same state. */
const smallStep: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('call', 'call', 'call', 'call', 'model_end', 'batch_start', 'process_start'),
  tool: fc.constantFrom('a', 'b', 'c'),
  gap: fc.constantFrom(0, 400, 1000, 3000),
  op: fc.constantFrom('r', 'w'),
  n: fc.nat(1),
  consent: fc.constantFrom(undefined, 'deny', 'approve_scope'),
  hb: fc.constant(false),
  error: fc.boolean(),
  slow: fc.constant(false),
});

function events(steps: Step[], base: number): TraceEvent[] {
  let t = base;
  return steps.map((s) => {
    t += s.gap;
    const seconds = (t - T(0)) / 1000;
    if (s.kind !== 'call') return ev(s.kind, seconds);
    return call(s.tool, seconds, { args: { operation: s.op, n: s.n }, outcome: s.error ? 'error' : 'ok', output: s.n === 0 ? 'ok' : 'no', ...(s.consent ? { consent: s.consent } : {}) });
  });
}

const withoutMessage = (d: DecisionBody) => {
  const { message: _m, ...rest } = d as DecisionBody & { message?: string };
  return rest;
};

let collisions = 0;

/** Steps every prefix, groups the engines by key, and checks each group's continuation agrees. */
function sameFutures(a: Agent, settings: ReplaySettings, prefixes: Step[][], suffix: Step[]): void {
  const byKey = new Map<string, { prefix: string; future: unknown }>();
  for (const p of prefixes) {
    const engine = createToolEngine(a, settings);
    const before = events(p, T(0));
    for (const e of before) engine.step(e);
    const key = engine.stateKey();
    const last = before.at(-1)?.time ?? T(0);
    const future = events(suffix, last).map((e) => engine.step(e).decisions.map(withoutMessage));
    const seen = byKey.get(key);
    const prefix = JSON.stringify(p);
    if (!seen) byKey.set(key, { prefix, future });
    else {
      if (seen.prefix !== prefix) collisions++;
      expect({ key, future }).toEqual({ key, future: seen.future });
    }
  }
}

/** Letta rules over tools a, b, c (conditional rules map the outputs the steps give: "ok", "no"). */
const lettaTool = fc.constantFrom('a', 'b', 'c');
const lettaRuleArb = fc.oneof(
  fc.record({ tool_name: lettaTool, type: fc.constant('constrain_child_tools' as const), children: fc.uniqueArray(lettaTool, { maxLength: 2 }) }),
  fc.record({ tool_name: lettaTool, type: fc.constant('run_first' as const) }),
  fc.record({ tool_name: lettaTool, type: fc.constant('exit_loop' as const) }),
  fc.record({ tool_name: lettaTool, type: fc.constant('required_before_exit' as const) }),
  fc.record({ tool_name: lettaTool, type: fc.constant('max_count_per_step' as const), max_count_limit: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ tool_name: lettaTool, type: fc.constant('parent_last_tool' as const), children: fc.uniqueArray(lettaTool, { minLength: 1, maxLength: 2 }) }),
  fc.record({ tool_name: lettaTool, type: fc.constant('conditional' as const), child_output_mapping: fc.constant({ ok: 'b', no: 'c' }), default_child: fc.constant('a') }),
);


let repeats = 0;

/**
 * One engine steps every prefix from its start: the ids its `stateId` gives (with and without the
 * optional parts) must partition the states exactly as its string keys do.
 */
function samePartition(a: Agent, settings: ReplaySettings, prefixes: Step[][]): void {
  const engine = createToolEngine(a, settings);
  const start = engine.save();
  for (const options of [{}, { dedupe: false, periodic: false }]) {
    const table = new KeyTable();
    const idOfKey = new Map<string, number>();
    for (const p of prefixes) {
      engine.restore(start);
      for (const e of events(p, T(0))) engine.step(e);
      const key = engine.stateKey(options);
      const id = engine.stateId(table, options);
      const known = idOfKey.get(key);
      if (known === undefined) {
        // A key not seen before gets the next id: no earlier state shares it.
        expect({ key, id }).toEqual({ key, id: idOfKey.size });
        idOfKey.set(key, id);
      } else {
        repeats++;
        expect({ key, id }).toEqual({ key, id: known });
      }
    }
    expect(table.size).toBe(idOfKey.size);
  }
}

describe('tool engine state key', () => {
  it('stateId partitions states exactly as the key does, with and without the optional parts', () => {
    fc.assert(
      fc.property(rulesArb, periodicArb, settingsArb, fc.array(fc.array(smallStep, { maxLength: 5 }), { minLength: 8, maxLength: 30 }), (rules, periodic, s, prefixes) => {
        samePartition(agent([...rules, ...periodic]), resolveSettings(s), prefixes);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.array(lettaRuleArb, { maxLength: 5 }), fc.boolean(), fc.array(fc.array(smallStep, { maxLength: 5 }), { minLength: 8, maxLength: 30 }), (lettaRules, errorOnEmpty, prefixes) => {
        const a = Agent.parse({ name: 'letta', family: 'letta', tools: ['a', 'b', 'c'].map((name) => ({ name })), rules: [], lettaRules });
        samePartition(a, resolveSettings({ profile: 'letta', errorOnEmpty }), prefixes);
      }),
      { numRuns: 100 },
    );
    // Both sides of the promise were exercised: many states met again, and many told apart.
    expect(repeats).toBeGreaterThan(500);
  });

  it('equal keys mean equal futures (messages aside)', () => {
    fc.assert(
      fc.property(
        rulesArb,
        periodicArb,
        settingsArb,
        fc.array(fc.array(smallStep, { maxLength: 4 }), { minLength: 8, maxLength: 14 }),
        fc.array(smallStep, { minLength: 1, maxLength: 10 }),
        (rules, periodic, s, prefixes, suffix) => {
          sameFutures(agent([...rules, ...periodic]), resolveSettings(s), prefixes, suffix);
        },
      ),
      { numRuns: 200 },
    );
    expect(collisions).toBeGreaterThan(50);
  });

  it('equal keys mean equal futures under profile letta', () => {
    const before = collisions;
    fc.assert(
      fc.property(
        fc.array(lettaRuleArb, { maxLength: 5 }),
        fc.boolean(),
        fc.array(fc.array(smallStep, { maxLength: 4 }), { minLength: 8, maxLength: 14 }),
        fc.array(smallStep, { minLength: 1, maxLength: 10 }),
        (lettaRules, errorOnEmpty, prefixes, suffix) => {
          const a = Agent.parse({ name: 'letta', family: 'letta', tools: ['a', 'b', 'c'].map((name) => ({ name })), rules: [], lettaRules });
          sameFutures(a, resolveSettings({ profile: 'letta', errorOnEmpty }), prefixes, suffix);
        },
      ),
      { numRuns: 200 },
    );
    expect(collisions - before).toBeGreaterThan(50);
  });

  it('tells apart states that decide differently', () => {
    const a = agent([
      { tool_name: 'b', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'] },
      { tool_name: 'a', rule_type: { type: 'MaxCalls', value: 2 } },
      { tool_name: 'c', rule_type: { type: 'Cooldown', value: 1000 } },
    ]);
    const settings = resolveSettings({ dedupeWindowMs: 0 });
    const keyAfter = (evs: TraceEvent[]) => {
      const e = createToolEngine(a, settings);
      for (const x of evs) e.step(x);
      return e.stateKey();
    };
    // Called a (b allowed) vs not.
    expect(keyAfter([call('a', 1)])).not.toBe(keyAfter([call('c', 1)]));
    // One execution of a vs two (the MaxCalls limit), but a third is capped like the second.
    expect(keyAfter([call('a', 1)])).not.toBe(keyAfter([call('a', 1), call('a', 2)]));
    // c's cooldown running vs elapsed; elapsed long ago is the same as elapsed just now.
    expect(keyAfter([call('c', 1), call('a', 1.5)])).not.toBe(keyAfter([call('c', 1), call('a', 2)]));
    expect(keyAfter([call('c', 1), call('a', 2)])).toBe(keyAfter([call('c', 1), call('a', 50)]));
  });

  it('can leave out the dedupe cache and periodic timers', () => {
    const a = agent([{ tool_name: 'a', rule_type: { type: 'Periodic', value: 1000 } }]);
    const e = createToolEngine(a, resolveSettings({}));
    e.step(call('a', 1));
    const full = e.stateKey();
    const bare = e.stateKey({ dedupe: false, periodic: false });
    expect(full).toContain('dedupe[');
    expect(full).toContain('periodic[');
    expect(bare).not.toContain('dedupe[');
    expect(bare).not.toContain('periodic[');
  });
});
