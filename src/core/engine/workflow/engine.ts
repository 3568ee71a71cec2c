/**
 * The workflow rule evaluator (`workflow-rules.md` §3–§5): a pure, deterministic step function
 * over trace events, on the trace's virtual clock, in profiles `spec` and `hegel`.
 */
import { DONE_NODE, type Workflow } from '../../model/workflow.ts';
import type { TraceEvent } from '../../traces/events.ts';
import type { DecisionBody } from '../decisions.ts';
import { workflowProfileOf, type ReplaySettings } from '../settings.ts';
import { readActivity, type ActivitySink, type WorkflowProfile } from './activity.ts';
import { chooseTarget, compileWorkflow, isKnownNode, type CompiledNode, type CompiledRule, type CompiledWorkflow } from './compiled.ts';
import { HegelRules } from './hegelRules.ts';
import { PhaseHistory, type PhaseHistoryState } from './phases.ts';
import type { ProfileRules } from './profileRules.ts';
import type { RuleCheck } from './rules/check.ts';
import type { RepeatedKind } from './rules/repeated.ts';
import type { WorkflowEngineSnapshot } from './snapshot.ts';
import { SpecRules } from './specRules.ts';

export interface WorkflowStepContext {
  /**
   * For `tool_call` events: whether the tool-rule engine executed the call (true when no agent is
   * loaded). Commands and edits from tool calls count only then.
   */
  executed: boolean;
  /**
   * `false`: interrupts carry an empty `text` (not rendered). For a caller that reads only which
   * rules fired, such as the verifier's search; everything else about the decisions is the same.
   */
  texts?: boolean;
}

export interface WorkflowEngine {
  /**
   * Feeds one event; returns the workflow decisions it causes, in order (`transition`,
   * `interrupt`, `error`). `error` decisions carry `line: 0`: the caller replaces it with the
   * event's source line when it knows it.
   */
  step(event: TraceEvent, ctx: WorkflowStepContext): DecisionBody[];
  /** As {@link step}, appending the decisions to `out` (an event that decides nothing allocates nothing). */
  stepInto(event: TraceEvent, ctx: WorkflowStepContext, out: DecisionBody[]): void;
  /** Plain data for the UI. */
  snapshot(): WorkflowEngineSnapshot;
  /**
   * The evaluator's whole state as structured plain data, copied (phase history, windows, current
   * node, firing rules). Stepping on after a save does not change the saved data.
   */
  save(): WorkflowEngineState;
  /**
   * Puts the evaluator back into a saved state (of this evaluator or a fresh one built from the
   * same workflow and settings); stepping on then gives the same decisions as the original.
   */
  restore(state: WorkflowEngineState): void;
}

/** What {@link WorkflowEngine.save} returns; the layout is internal (read the state through `snapshot`). */
export interface WorkflowEngineState {
  version: 1;
  profile: WorkflowProfile;
  node: string | null;
  now: number | null;
  seq: number;
  firing: readonly number[];
  phases: PhaseHistoryState;
  rules: unknown;
}

/** Which rule types a `next` skips: `force: true` all, `force: [types]` those. */
type Skip = (type: string) => boolean;
const SKIP_NONE: Skip = () => false;

function skipOf(force: true | string[] | undefined): Skip {
  if (force === true) return () => true;
  if (!force) return SKIP_NONE;
  const types = new Set(force);
  return (t) => types.has(t);
}

interface Violation {
  node: string;
  rule: CompiledRule;
  text: string;
}

class Engine implements WorkflowEngine, ActivitySink {
  private readonly wf: CompiledWorkflow;
  private readonly profile: WorkflowProfile;
  private readonly history: PhaseHistory;
  private readonly rules: ProfileRules;
  private node: string | null = null;
  /** Time of the last event stepped (NaN: none yet): a number field, so storing a time allocates nothing. */
  private nowMs = Number.NaN;
  private get now(): number | null {
    return Number.isNaN(this.nowMs) ? null : this.nowMs;
  }
  private seq = 0;
  /** Minutes east of UTC of the time of the event being stepped, as written. */
  private offset = 0;
  /** Rules of the current node reported as firing in the current phase (replaced, never changed in place: saved states share it). */
  private firing: readonly number[] = NOT_FIRING;
  /** Whether interrupts of the event being stepped carry their text ({@link WorkflowStepContext.texts}). */
  private texts = true;

  constructor(
    workflow: Workflow,
    private readonly settings: ReplaySettings,
  ) {
    this.profile = workflowProfileOf(settings.profile);
    this.history = new PhaseHistory(this.profile === 'hegel');
    this.wf = compileWorkflow(workflow, this.profile);
    this.rules = this.profile === 'hegel' ? new HegelRules(this.wf, this.history) : new SpecRules(this.history);
  }

  step(event: TraceEvent, ctx: WorkflowStepContext): DecisionBody[] {
    const out: DecisionBody[] = [];
    this.stepInto(event, ctx, out);
    return out;
  }

  stepInto(event: TraceEvent, ctx: WorkflowStepContext, out: DecisionBody[]): void {
    this.seq++;
    this.texts = ctx.texts !== false;
    let skip = SKIP_NONE;
    // Each case reads the time itself (see `readActivity`).
    switch (event.type) {
      case 'workflow_start':
        this.at(event.time);
        this.offset = event.utcOffset ?? 0;
        this.start(event.node ?? this.wf.startNode, this.nowMs, out);
        break;
      case 'next':
        this.at(event.time);
        this.offset = event.utcOffset ?? 0;
        skip = skipOf(event.force);
        this.next(event, skip, out);
        break;
      case 'continue':
        this.at(event.time);
        break;
      case 'repeat':
        this.at(event.time);
        break;
      default:
        readActivity(event, ctx.executed, this.profile, this);
    }
    if (this.settings.evaluateOn === 'every_event') this.watch(this.nowMs, skip, out);
  }

  at(time: number): void {
    this.nowMs = time;
    this.rules.advance(time);
  }

  addTokens(input: number, output: number, time: number): void {
    this.history.addTokens(input, output, time);
  }

  addCommit(): void {
    this.history.addCommit();
  }

  addAction(kind: RepeatedKind, text: string, tool: string, time: number, offset: number): void {
    // The event's position in the stream: `seq` was counted up as the step began.
    this.rules.record(kind, text, tool, time, this.seq - 1, offset);
  }

  private start(node: string, time: number, out: DecisionBody[]): void {
    if (this.node !== null) {
      out.push(error(`workflow_start ignored: the workflow already started (current node '${this.node}')`));
      return;
    }
    if (!isKnownNode(this.wf, node)) {
      out.push(error(`workflow_start ignored: unknown node '${node}'`));
      return;
    }
    out.push({ kind: 'transition', from: 'START', to: node });
    this.enter(node, time);
  }

  private next(event: Extract<TraceEvent, { type: 'next' }>, skip: Skip, out: DecisionBody[]): void {
    const current = this.node;
    if (current === null) {
      out.push(error('next ignored: the workflow has not started (no workflow_start before it)'));
      return;
    }
    if (current === DONE_NODE) {
      out.push(error(`next ignored: the workflow is already at '${DONE_NODE}'`));
      return;
    }
    const target = event.to ?? chooseTarget(this.wf, current, event.claims);
    if (!isKnownNode(this.wf, target)) {
      out.push(error(`next ignored: node '${target}' does not exist (from '${current}')`));
      return;
    }
    const now = event.time;
    const moves = target !== current;
    if (this.profile === 'spec') {
      // The current node's rules against the current phase; an interrupt blocks the move
      // unless the landing is recorded (`to`).
      const v = this.firstViolation(current, skip, now);
      if (v) this.report(v, out);
      if (v && event.to === undefined) return;
      if (moves) this.move(current, target, now, out);
      return;
    }
    // hegel: the resulting node's rules, anchored at the phase current now; always moves.
    const v = this.firstViolation(target, skip, now);
    if (moves) this.move(current, target, now, out);
    if (v) this.report(v, out);
  }

  /** The first violated rule of `node` not skipped, with its text rendered now. */
  private firstViolation(node: string, skip: Skip, now: number): Violation | undefined {
    const n = this.wf.nodes.get(node);
    if (!n) return undefined;
    for (const rule of n.rules) {
      if (rule.inert || skip(rule.rule.type)) continue;
      const check = this.rules.check(n, rule, now);
      if (check.fires) return { node, rule, text: this.texts ? check.text() : '' };
    }
    return undefined;
  }

  private report(v: Violation, out: DecisionBody[]): void {
    out.push({ kind: 'interrupt', node: v.node, ruleType: v.rule.rule.type, rule: v.rule.index, text: v.text });
    if (v.node === this.node && !this.firing.includes(v.rule.index)) this.firing = [...this.firing, v.rule.index];
  }

  private move(from: string, to: string, time: number, out: DecisionBody[]): void {
    out.push({ kind: 'transition', from, to });
    this.enter(to, time);
  }

  private enter(node: string, time: number): void {
    this.node = node;
    this.history.enter(node, time, this.offset);
    this.firing = NOT_FIRING;
    this.rules.enterPhase(this.wf.nodes.get(node), time);
  }

  /**
   * `every_event`: evaluates the current node's rules after the event and reports each rule once
   * when it starts firing. Rules already reported for this event, or skipped by its `force`, are
   * left as they are.
   */
  private watch(now: number, skip: Skip, out: DecisionBody[]): void {
    const node = this.node === null ? undefined : this.wf.nodes.get(this.node);
    if (!node) return;
    for (const rule of node.rules) {
      if (rule.inert || skip(rule.rule.type) || reportedIn(out, node.name, rule.index)) continue;
      const check = this.rules.check(node, rule, now);
      if (!check.fires) {
        if (this.firing.includes(rule.index)) this.firing = this.firing.filter((f) => f !== rule.index);
      } else if (!this.firing.includes(rule.index)) this.report({ node: node.name, rule, text: this.texts ? check.text() : '' }, out);
    }
  }

  save(): WorkflowEngineState {
    return {
      version: 1,
      profile: this.profile,
      node: this.node,
      now: this.now,
      seq: this.seq,
      firing: this.firing,
      phases: this.history.save(),
      rules: this.rules.save(),
    };
  }

  restore(s: WorkflowEngineState): void {
    if (s.version !== 1 || s.profile !== this.profile) throw new Error('workflow engine state saved from another profile or version');
    if (s.node !== null && !isKnownNode(this.wf, s.node)) throw new Error(`workflow engine state at node '${s.node}', which this workflow does not have`);
    this.node = s.node;
    this.nowMs = s.now ?? Number.NaN;
    this.seq = s.seq;
    this.firing = s.firing;
    this.history.restore(s.phases);
    this.rules.restore(s.rules, s.node === null ? undefined : this.wf.nodes.get(s.node));
  }

  snapshot(): WorkflowEngineSnapshot {
    const node = this.node === null ? undefined : this.wf.nodes.get(this.node);
    const now = this.now ?? 0;
    const phase = this.history.current();
    return {
      profile: this.profile,
      evaluateOn: this.settings.evaluateOn,
      status: this.node === null ? 'not_started' : this.node === DONE_NODE ? 'done' : 'running',
      node: this.node,
      phaseStart: phase ? phase.start : null,
      now: this.now,
      rules: (node?.rules ?? []).map((rule) => {
        const at = node as CompiledNode;
        const check: RuleCheck = this.rules.check(at, rule, now);
        const window = this.rules.windowOf(at, rule);
        return {
          rule: rule.index,
          type: rule.rule.type,
          value: check.value,
          limit: check.limit,
          unit: check.unit,
          violated: check.fires,
          firing: this.firing.includes(rule.index),
          inert: rule.inert,
          ...(window ? { window: window.map((e) => ({ time: e.time, text: e.text, tool: e.tool })) } : {}),
        };
      }),
      history: this.history.list().map((p) => ({
        node: p.node,
        start: p.start,
        end: p.end,
        tokensIn: p.tokensIn,
        tokensOut: p.tokensOut,
        turns: p.turns,
        commits: p.commits,
      })),
    };
  }
}

const NOT_FIRING: readonly number[] = [];

/** Whether the event's decisions so far report rule `index` of `node` (each rule is reported once per event). */
function reportedIn(out: readonly DecisionBody[], node: string, index: number): boolean {
  for (const d of out) if (d.kind === 'interrupt' && d.node === node && d.rule === index) return true;
  return false;
}

function error(message: string): DecisionBody {
  return { kind: 'error', line: 0, message };
}

/** Creates a workflow engine for one replay; `settings.profile` and `settings.evaluateOn` apply. */
export function createWorkflowEngine(wf: Workflow, settings: ReplaySettings): WorkflowEngine {
  return new Engine(wf, settings);
}
