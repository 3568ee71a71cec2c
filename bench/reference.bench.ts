/**
 * The naive reference replay against the optimised one: a 100,000-event trace (tool calls,
 * markers, commands, edits, tokens, commits, workflow steps) replayed against a ~20-rule agent
 * and the hegel execution workflow. The naive replay is quadratic, so it is timed on a prefix and
 * extrapolated quadratically to the full trace; both figures are returned.
 */
import { readFileSync } from 'node:fs';
import { loadRuleFile } from '../src/core/codecs/load.ts';
import { replayItems } from '../src/core/engine/replay.ts';
import { serializeDecision, type Decision } from '../src/core/engine/decisions.ts';
import type { Agent } from '../src/core/model/toolRules.ts';
import type { Workflow } from '../src/core/model/workflow.ts';
import { TraceEvent } from '../src/core/traces/events.ts';
import type { ReplaySettingsInput } from '../src/core/engine/settings.ts';
import { naiveReplay, stampDecisions } from '../test/reference/naiveReplay.ts';
import { prng } from './random.ts';
import { rule } from '../test/support/rules.ts';

const EVENTS = 100_000;
/** Prefix the naive replay is actually timed on. */
const NAIVE_PREFIX = 10_000;
const WORKFLOW_FILE = 'examples/hegel-execution.yaml';


/** A ~20-rule agent touching every check. */
export const BENCH_AGENT: Agent = {
  name: 'bench',
  tools: [],
  rules: [
    rule('init', { type: 'StartConstraint' }, [], 10),
    rule('search', { type: 'RequiresPrecedingTools' }, ['init']),
    rule('fetch', { type: 'RequiresPrecedingTools' }, ['search']),
    rule('plan', { type: 'RequiresFollowingTools' }, ['Edit']),
    rule('*', { type: 'MaxCalls', value: 40 }),
    rule('fetch', { type: 'MaxCalls', value: 5 }),
    rule('fetch', { type: 'Cooldown', value: 2000 }),
    rule('*', { type: 'Cooldown', value: 200 }),
    rule('Write', { type: 'ExclusiveGroups', value: [['Write', 'Edit']] }),
    rule('cleanup', { type: 'RequiredBeforeExit' }, [], 9),
    rule('save', { type: 'RequiredBeforeExitIf' }, ['Edit']),
    rule('send_message', { type: 'ExitLoop' }),
    rule('*', { type: 'ContinueLoop' }, ['search', 'read_file']),
    rule('read_file', { type: 'AllowedOperations', value: ['head', 'read'] }),
    rule('Bash', { type: 'RequiresConsent', value: { scope: 'exec' } }),
    rule('heartbeat', { type: 'Periodic', value: 30_000 }),
    rule('search', { type: 'Periodic', value: 60_000 }),
    rule('Edit', { type: 'Cooldown', value: 1000 }),
    rule('fetch', {
      type: 'ExclusiveGroups',
      value: [
        ['fetch', 'search'],
        ['plan', 'save'],
      ],
    }),
    rule('data', { type: 'Needed' }),
  ],
};


const CLAIMS = [
  'spec_complete',
  'plan_complete',
  'code_complete',
  'code_review_complete',
  'restart_cycle',
];

/** A deterministic trace of `n` events mixing every event type. */
export function benchTrace(n: number): TraceEvent[] {
  const rnd = prng(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  let time = Date.UTC(2025, 0, 1, 10);
  let claim = 0;
  const raw: Record<string, unknown>[] = [{ type: 'workflow_start' }];
  while (raw.length < n) {
    const r = rnd();
    if (r < 0.04) raw.push({ type: 'batch_start' });
    else if (r < 0.07) raw.push({ type: 'process_start' });
    else if (r < 0.08) raw.push({ type: 'model_end', tokens: { input: 300, output: 100 } });
    else if (r < 0.12) raw.push({ type: 'next', claims: [CLAIMS[claim++ % CLAIMS.length]] });
    else if (r < 0.2)
      raw.push({
        type: 'command',
        command: pick(['cargo build', 'cargo test', 'git status', 'ls']),
      });
    else if (r < 0.26)
      raw.push({ type: 'file_edit', path: pick(['src/a.rs', 'src/b.rs', 'README.md']) });
    else if (r < 0.31)
      raw.push({ type: 'tokens', input: Math.floor(rnd() * 800), output: Math.floor(rnd() * 300) });
    else if (r < 0.33) raw.push({ type: 'commit', hash: `c${raw.length}` });
    else {
      const tool = pick([
        'init',
        'search',
        'fetch',
        'plan',
        'Edit',
        'Write',
        'Bash',
        'read_file',
        'send_message',
        'cleanup',
        'save',
        'heartbeat',
      ]);
      const args =
        tool === 'Bash'
          ? { command: pick(['cargo build', 'cargo test', 'make']) }
          : tool === 'Edit' || tool === 'Write'
            ? { file_path: pick(['src/a.rs', 'src/b.rs']) }
            : tool === 'read_file'
              ? { operation: pick(['read', 'head', 'write']), path: 'a' }
              : { q: Math.floor(rnd() * 50), request_heartbeat: rnd() < 0.1 };
      raw.push({
        type: 'tool_call',
        tool,
        args,
        tokens: { input: 50, output: 10 },
        consent: pick(['approve_once', 'approve_scope', 'deny']),
      });
    }
  }
  return raw.map((e) => {
    time += Math.floor(rnd() * 3000);
    return TraceEvent.parse({ ...e, time });
  });
}

function loadWorkflow(): Workflow {
  const wf = loadRuleFile('hegel-execution.yaml', readFileSync(WORKFLOW_FILE, 'utf8')).workflows[0];
  if (!wf) throw new Error(`no workflow in ${WORKFLOW_FILE}`);
  return wf;
}

function timed(run: () => void): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

/**
 * Times the optimised replay on 100,000 events and the naive one on a prefix, extrapolated
 * quadratically. `naiveMs` is the extrapolated full-trace time; `naiveMeasuredMs` and
 * `naiveMeasuredEvents` are what was actually measured.
 */
export function benchReferenceRatio(): {
  events: number;
  optimisedMs: number;
  naiveMs: number;
  ratio: number;
  naiveMeasuredEvents: number;
  naiveMeasuredMs: number;
  /** The two replays gave the same decisions on the measured prefix. */
  prefixAgrees: boolean;
} {
  const trace = benchTrace(EVENTS);
  const workflow = loadWorkflow();
  const settings: ReplaySettingsInput = { profile: 'hegel', dedupeWindowMs: 5000 };
  const config = { agent: BENCH_AGENT, workflow, settings };
  const optimisedMs = timed(() =>
    replayItems(
      trace.map((event) => ({ kind: 'event' as const, event })),
      config,
    ),
  );
  const prefix = trace.slice(0, Math.min(NAIVE_PREFIX, EVENTS));
  let naive: ReturnType<typeof naiveReplay> = [];
  const naiveMeasuredMs = timed(() => (naive = naiveReplay(config, prefix)));
  const naiveMs = naiveMeasuredMs * (EVENTS / prefix.length) ** 2;
  const optimisedPrefix = replayItems(
    prefix.map((event) => ({ kind: 'event' as const, event })),
    config,
  );
  const lines = (ds: readonly Decision[]) => ds.map(serializeDecision).join('\n');
  const prefixAgrees = lines(stampDecisions(prefix, naive)) === lines(optimisedPrefix);
  return {
    events: EVENTS,
    optimisedMs,
    naiveMs,
    ratio: naiveMs / optimisedMs,
    naiveMeasuredEvents: prefix.length,
    naiveMeasuredMs,
    prefixAgrees,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(benchReferenceRatio());
