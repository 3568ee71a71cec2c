/**
 * The moves the workflow explorer makes, and how each becomes a trace event and a scripted step.
 *
 * A session starts the workflow (`workflow_start`), then, at each step, either asks to advance
 * (`next` claiming one of the current node's `when`s, `restart_cycle`, or nothing that matches: a
 * stay) or does one piece of work a guard rule counts: a command matching a `repeated_command`
 * rule, an edit matching a `repeated_file_edit` rule, a turn spending more tokens than any budget,
 * a commit. Time is abstracted like the tool explorer's: work happens at once; a `next` may also
 * come after a wait longer than every window and phase timeout (only when a `phase_timeout` rule
 * exists, the one rule a wait can make fire). See `docs/verify.md`.
 */
import type { CompiledWorkflow } from '../engine/workflow/compiled.ts';
import type { WorkflowProfile } from '../engine/workflow/activity.ts';
import { keyBoundsOf, type WorkflowKeyBounds } from '../engine/workflow/stateKey.ts';
import { samplePattern } from '../regex/index.ts';
import type { TraceEvent } from '../traces/events.ts';
import type { CounterexampleStep } from './findings.ts';
import { append } from '../model/append.ts';

/** A move of the session. */
export type WorkflowMove =
  | { kind: 'next'; claims: string[]; wait: boolean }
  | { kind: 'command'; text: string }
  | { kind: 'edit'; text: string }
  | { kind: 'tokens'; input: number }
  | { kind: 'commit' };

/** A repeated rule no sample text could be built for (it is not judged), or whose pattern matches nothing. */
export interface UnsampledRule {
  node: string;
  rule: number;
  status: 'empty' | 'unknown';
}

/** What the explorer needs about a workflow: its work moves, the wait and the key's caps. */
export interface WorkflowMoveModel {
  /** Work moves, the same from every node (commands, edits, tokens, commit). */
  work: readonly WorkflowMove[];
  /** Whether `next` moves also come after a wait. */
  waits: boolean;
  bounds: WorkflowKeyBounds;
  unsampled: readonly UnsampledRule[];
}

/** A command or path no pattern-less rule cares about: what such a rule is fed. */
const PLAIN = { command: 'make', edit: 'src/main.rs' } as const;

/** The move model of a compiled workflow (inert rules never fire, so they add no moves). */
export function workflowMoveModel(wf: CompiledWorkflow, profile: WorkflowProfile): WorkflowMoveModel {
  const commands = new Set<string>();
  const edits = new Set<string>();
  const unsampled: UnsampledRule[] = [];
  let maxTokens = -1;
  let lookback = 0;
  let timeouts = false;
  for (const node of wf.nodes.values())
    for (const c of node.rules) {
      if (c.inert) continue;
      const r = c.rule;
      if (r.type === 'repeated_command' || r.type === 'repeated_file_edit') {
        const pattern = r.type === 'repeated_command' ? r.pattern : r.path_pattern;
        const into = r.type === 'repeated_command' ? commands : edits;
        if (pattern === undefined) into.add(r.type === 'repeated_command' ? PLAIN.command : PLAIN.edit);
        else {
          const sample = samplePattern(pattern);
          if (sample.status === 'match') into.add(sample.text);
          else unsampled.push({ node: node.name, rule: c.index, status: sample.status });
        }
      } else if (r.type === 'phase_timeout') timeouts = true; else if (r.type === 'token_budget') maxTokens = Math.max(maxTokens, r.max_tokens);
      else lookback = Math.max(lookback, r.lookback_phases);
    }
  const work: WorkflowMove[] = [
    ...[...commands].map((text): WorkflowMove => ({ kind: 'command', text })),
    ...[...edits].map((text): WorkflowMove => ({ kind: 'edit', text })),
  ];
  if (maxTokens >= 0) work.push({ kind: 'tokens', input: maxTokens + 1 });
  if (lookback > 0) work.push({ kind: 'commit' });
  return {
    work,
    waits: timeouts,
    bounds: keyBoundsOf(wf, profile),
    unsampled,
  };
}

/** The `next` moves from `node`: each distinct `when` (file order), a stay, `restart_cycle`; each also after a wait. */
export function nextMoves(wf: CompiledWorkflow, node: string, waits: boolean): WorkflowMove[] {
  const claims: string[][] = [];
  const seen = new Set<string>();
  for (const t of wf.nodes.get(node)?.transitions ?? []) {
    if (seen.has(t.when) || t.when === 'restart_cycle') continue;
    seen.add(t.when);
    claims.push([t.when]);
  }
  // A stay; and restart_cycle, which is a stay too at the start node.
  claims.push([]);
  if (node !== wf.startNode) claims.push(['restart_cycle']);
  const out: WorkflowMove[] = claims.map((c) => ({ kind: 'next', claims: c, wait: false }));
  if (waits) append(out, claims.map((c): WorkflowMove => ({ kind: 'next', claims: c, wait: true })));
  return out;
}

/** The trace event of a move at `time` (epoch ms). */
export function moveEvent(move: WorkflowMove, time: number): TraceEvent {
  switch (move.kind) {
    case 'next':
      return { type: 'next', time, claims: move.claims };
    case 'command':
      return { type: 'command', time, command: move.text, tool: 'Bash' };
    case 'edit':
      return { type: 'file_edit', time, path: move.text, tool: 'Edit' };
    case 'tokens':
      return { type: 'tokens', time, input: move.input, output: 0 };
    case 'commit':
      return { type: 'commit', time, hash: 'c0ffee' };
  }
}

/** The scripted step of a move (`after` in ms when it waits `waitMs`). */
export function moveStep(move: WorkflowMove, waitMs: number): CounterexampleStep {
  switch (move.kind) {
    case 'next':
      return move.wait ? { next: move.claims, after: waitMs } : { next: move.claims };
    case 'command':
      return { bash: move.text };
    case 'edit':
      return { edit: move.text };
    case 'tokens':
      return { tokens: { input: move.input, output: 0 } };
    case 'commit':
      return { commit: 'c0ffee' };
  }
}

/** A move in words, for trace lines and messages. */
export function moveLabel(move: WorkflowMove): string {
  switch (move.kind) {
    case 'next':
      return `${move.wait ? 'wait, ' : ''}next ${move.claims.length > 0 ? move.claims.join(',') : '(stay)'}`;
    case 'command':
      return `bash ${move.text}`;
    case 'edit':
      return `edit ${move.text}`;
    case 'tokens':
      return `${move.input} tokens`;
    case 'commit':
      return 'commit';
  }
}
