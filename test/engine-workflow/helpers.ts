/** Builders shared by the workflow engine tests (models and events written by hand). */
import type { DecisionBody } from '../../src/core/engine/decisions.ts';
import { resolveSettings, type ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { createWorkflowEngine } from '../../src/core/engine/workflow/index.ts';
import type { Transition, Workflow, WorkflowRule } from '../../src/core/model/workflow.ts';
import { parseTime } from '../../src/core/time.ts';
import { TraceEvent } from '../../src/core/traces/events.ts';

export interface NodeSpec {
  transitions?: [when: string, to: string][];
  rules?: WorkflowRule[];
}

/** A workflow from a compact description (nodes in the given order). */
export function workflow(startNode: string, nodes: Record<string, NodeSpec>): Workflow {
  return {
    name: 'test',
    mode: 'execution',
    start_node: startNode,
    nodes: Object.entries(nodes).map(([name, n]) => ({
      name,
      transitions: (n.transitions ?? []).map(([when, to]): Transition => ({ when, to })),
      rules: n.rules ?? [],
    })),
  };
}

/** Epoch ms of an RFC 3339 time. */
export function ms(iso: string): number {
  const r = parseTime(iso);
  if (!r.ok) throw new Error(r.message);
  return r.ms;
}

const BASE = ms('2025-01-01T10:00:00Z');

/** Epoch ms `secs` seconds after 2025-01-01T10:00:00Z. */
export const sec = (secs: number): number => BASE + Math.round(secs * 1000);

/** An event at `secs` seconds after 10:00:00 UTC, defaults filled by the schema. */
export function ev(secs: number, type: TraceEvent['type'], fields: Record<string, unknown> = {}): TraceEvent {
  return TraceEvent.parse({ type, time: sec(secs), ...fields });
}

export const start = (s: number, node?: string) => ev(s, 'workflow_start', node ? { node } : {});
export const next = (s: number, claims: string[], extra: Record<string, unknown> = {}) => ev(s, 'next', { claims, ...extra });
export const cmd = (s: number, command: string) => ev(s, 'command', { command });
export const edit = (s: number, path: string, tool?: string) => ev(s, 'file_edit', tool ? { path, tool } : { path });
export const tokens = (s: number, input: number, output: number) => ev(s, 'tokens', { input, output });
export const commit = (s: number) => ev(s, 'commit', { hash: 'abc123' });

export type Numbered = DecisionBody & { event: number };

/** Runs events through a fresh engine; each decision carries the index of its event. */
export function run(wf: Workflow, events: TraceEvent[], settings: ReplaySettingsInput = {}, executed = true): Numbered[] {
  const engine = createWorkflowEngine(wf, resolveSettings(settings));
  return events.flatMap((e, i) => engine.step(e, { executed }).map((d) => ({ event: i, ...d })));
}

/** Only the interrupt texts of a decision stream. */
export const texts = (ds: Numbered[]): string[] => ds.flatMap((d) => (d.kind === 'interrupt' ? [d.text] : []));

/** The `spec` profile's fixed tail after the suggestion, for a node. */
export function specTail(node: string): string {
  return [
    '',
    '---',
    '',
    'REFLECT AND DECIDE:',
    '',
    'Can you resolve this issue autonomously, or do you need human assistance?',
    '',
    'If you can fix this yourself:',
    '  - Explain your corrective approach briefly',
    '  - Run: hegel continue',
    `  - This will return the normal ${node} phase prompt (bypassing rules this once)`,
    '',
    'If you need human help:',
    "  - Explain what you've tried and why you're stuck",
    '  - Wait for human guidance before proceeding',
    '',
  ].join('\n');
}

/** The `hegel` profile's fixed tail after the suggestion line. */
export const HEGEL_TAIL = '\n**What next?**\n- Fix the issue and re-display prompt: `hegel repeat`\n- Escalate to human for review\n';
