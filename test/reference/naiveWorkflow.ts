/**
 * A deliberately naive reference of the workflow evaluator (`workflow-rules.md` §3–§5): phases,
 * metrics and the "firing" state are recomputed from the whole history at every event.
 */
import type { Workflow, WorkflowRule } from '../../src/core/model/workflow.ts';
import type { TraceEvent } from '../../src/core/traces/events.ts';
import type { DecisionBody } from '../../src/core/engine/decisions.ts';
import type { ReplaySettings } from '../../src/core/engine/settings.ts';
import type { LogEntry } from './toolHistory.ts';
import { phases, type Phase, type WorkflowHistory } from './workflowHistory.ts';
import { evalHegel, evalSpec } from './workflowEval.ts';

const DONE = 'done';

function rulesOf(wf: Workflow, node: string): WorkflowRule[] {
  return wf.nodes.find((n) => n.name === node)?.rules ?? [];
}

/** `every_event` evaluation of the current node's rule in phase `list[last]` at event `i`. */
function evalCurrent(
  h: WorkflowHistory,
  rule: WorkflowRule,
  list: readonly Phase[],
  i: number,
): string | null {
  const k = list.length - 1;
  const p = list[k];
  if (!p) return null;
  return h.settings.profile !== 'hegel' // 'pattern' leaves workflows as in 'spec'
    ? evalSpec(h, rule, p.node, list, k, i)
    : evalHegel(h, rule, p.node, p, list, i);
}

/** Does event `ev` (a `next` with `force`) bypass this rule? Then the rule is not evaluated at it at all. */
function forcedAt(ev: TraceEvent | undefined, rule: WorkflowRule): boolean {
  return (
    ev?.type === 'next' &&
    (ev.force === true || (Array.isArray(ev.force) && ev.force.includes(rule.type)))
  );
}

/**
 * Is rule `r` of the current phase marked as firing before event `i`? It is when it interrupted in
 * this phase and no later `every_event` evaluation (before `i`) found it not firing.
 */
function markedFiring(h: WorkflowHistory, r: number, list: readonly Phase[], i: number): boolean {
  const p = list[list.length - 1];
  const rule = p && rulesOf(h.workflow, p.node)[r];
  if (!p || !rule) return false;
  const last = h.log
    .filter(
      (d) =>
        d.event < i &&
        d.event >= p.startEvent &&
        d.body.kind === 'interrupt' &&
        d.body.node === p.node &&
        d.body.rule === r,
    )
    .pop();
  if (!last) return false;
  for (let j = last.event + 1; j < i; j++)
    if (!forcedAt(h.events[j], rule) && evalCurrent(h, rule, list, j) === null) return false;
  return true;
}

/** The workflow decisions of event `i`, given the history before it. */
export function naiveWorkflowStep(base: WorkflowHistory, i: number): DecisionBody[] {
  const log: LogEntry[] = [...base.log];
  const h: WorkflowHistory = { ...base, log };
  const { workflow: wf, settings } = h;
  const out: DecisionBody[] = [];
  const emit = (body: DecisionBody) => {
    out.push(body);
    log.push({ event: i, body });
  };
  const ev: TraceEvent | undefined = h.events[i];
  if (!ev) return out;
  const list = phases(h);
  const cur = list[list.length - 1];

  if (ev.type === 'workflow_start') {
    if (cur) emit({ kind: 'error', line: 0, message: 'workflow already started' });
    else emit({ kind: 'transition', from: 'START', to: ev.node ?? wf.start_node });
  } else if (ev.type === 'next') {
    if (!cur) emit({ kind: 'error', line: 0, message: 'next before workflow_start' });
    else if (cur.node === DONE) emit({ kind: 'error', line: 0, message: 'next at done' });
    else {
      const node = wf.nodes.find((n) => n.name === cur.node);
      const claimed = ev.claims.includes('restart_cycle')
        ? wf.start_node
        : (node?.transitions.find((t) => ev.claims.includes(t.when))?.to ?? cur.node);
      const target = ev.to ?? claimed;
      const firstViolation = (node: string, evaluate: (rule: WorkflowRule) => string | null) => {
        const rules = rulesOf(wf, node);
        for (let r = 0; r < rules.length; r++) {
          const rule = rules[r];
          if (!rule || forcedAt(ev, rule)) continue;
          const text = evaluate(rule);
          if (text !== null)
            return { kind: 'interrupt', node, ruleType: rule.type, rule: r, text } as const;
        }
        return undefined;
      };
      const move = () => {
        if (target !== cur.node) emit({ kind: 'transition', from: cur.node, to: target });
      };
      if (settings.profile !== 'hegel') {
        const k = list.length - 1;
        const violation = firstViolation(cur.node, (rule) =>
          evalSpec(h, rule, cur.node, list, k, i),
        );
        // The rules judge the phase being left, so the interrupt comes before a recorded landing.
        if (violation) emit(violation);
        if (!violation || ev.to !== undefined) move();
      } else {
        move();
        const violation = firstViolation(target, (rule) =>
          evalHegel(h, rule, target, cur, list, i),
        );
        if (violation) emit(violation);
      }
    }
  }

  if (settings.evaluateOn === 'every_event') {
    const now = phases(h);
    const p = now[now.length - 1];
    if (p) {
      rulesOf(wf, p.node).forEach((rule, r) => {
        // A `next`'s force bypasses its rule types for the whole event, this pass included.
        if (forcedAt(ev, rule)) return;
        if (out.some((d) => d.kind === 'interrupt' && d.node === p.node && d.rule === r)) return;
        const text = evalCurrent(h, rule, now, i);
        if (text !== null && !markedFiring(h, r, now, i))
          emit({ kind: 'interrupt', node: p.node, ruleType: rule.type, rule: r, text });
      });
    }
  }
  return out;
}

/** Runs the naive workflow reference over a whole trace, given which tool calls executed. */
export function runNaiveWorkflow(
  workflow: Workflow,
  settings: ReplaySettings,
  events: readonly TraceEvent[],
  executed: readonly boolean[],
): DecisionBody[][] {
  const log: LogEntry[] = [];
  const out: DecisionBody[][] = [];
  for (let i = 0; i < events.length; i++) {
    const step = naiveWorkflowStep({ workflow, settings, events, executed, log }, i);
    for (const body of step) log.push({ event: i, body });
    out.push(step);
  }
  return out;
}
