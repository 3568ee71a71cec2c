/**
 * Profile `hegel` (§3.2): any node's rules, anchored at the start of the current phase.
 * Repeated rules of every node keep an anchored window `start ≤ time ≤ start + window` (time
 * based, as hegel filters its hook log by timestamp, so events at the very instant a phase starts
 * count even when processed just before the `next`). Duration, tokens and commits come from the
 * node's first phase in the history.
 */
import type { Action } from './activity.ts';
import { AnchoredWindow } from './anchoredWindow.ts';
import type { CompiledNode, CompiledRule, CompiledWorkflow } from './compiled.ts';
import type { PhaseHistory } from './phases.ts';
import { matches, repeatedOf, type ProfileRules } from './profileRules.ts';
import { inertCheck, type RuleCheck } from './rules/check.ts';
import { hegelPhaseTimeoutCheck } from './rules/phaseTimeout.ts';
import { hegelRepeatedCheck, type RepeatedKind } from './rules/repeated.ts';
import { hegelRequireCommitsCheck } from './rules/requireCommits.ts';
import { hegelTokenBudgetCheck } from './rules/tokenBudget.ts';
import type { WindowEntry } from './windowEntry.ts';

interface Watched {
  rule: CompiledRule;
  kind: RepeatedKind;
  window: AnchoredWindow;
}

export interface HegelRulesState {
  windows: ReturnType<AnchoredWindow['save']>[];
  /** Immutable: replaced, never changed in place, so checkpoints share it. */
  instant: { readonly time: number; readonly items: readonly { kind: RepeatedKind; entry: WindowEntry }[] };
}

const NO_ITEMS: HegelRulesState['instant']['items'] = [];

export class HegelRules implements ProfileRules {
  private readonly watched: Watched[] = [];
  private readonly byRule = new Map<CompiledRule, AnchoredWindow>();
  /** Commands and edits at the latest instant, to seed windows anchored at that instant. */
  private instant: HegelRulesState['instant'] = { time: -Infinity, items: NO_ITEMS };
  /** The state {@link save} returned, while nothing changed since. */
  private saved: HegelRulesState | null = null;

  constructor(
    wf: CompiledWorkflow,
    private readonly history: PhaseHistory,
  ) {
    for (const node of wf.nodes.values())
      for (const rule of node.rules) {
        const rep = repeatedOf(rule);
        if (!rep || rule.inert) continue;
        const window = new AnchoredWindow(rep.fields.window * 1000);
        window.reset(Infinity);
        this.watched.push({ rule, kind: rep.kind, window });
        this.byRule.set(rule, window);
      }
  }

  enterPhase(_node: CompiledNode | undefined, time: number): void {
    this.saved = null;
    for (const w of this.watched) {
      w.window.reset(time);
      if (this.instant.time !== time) continue;
      for (const item of this.instant.items) this.offer(w, item.kind, item.entry);
    }
  }

  record(kind: RepeatedKind, action: Action, time: number, seq: number, offset: number): void {
    const entry: WindowEntry = { time, text: action.text, tool: action.tool, seq, offset };
    this.saved = null;
    // Copy on write: a checkpoint may share the items.
    const items = this.instant.time === time ? this.instant.items : [];
    this.instant = { time, items: [...items, { kind, entry }] };
    for (const w of this.watched) this.offer(w, kind, entry);
  }

  advance(now: number): void {
    if (now <= this.instant.time) return;
    this.instant = { time: now, items: NO_ITEMS };
    this.saved = null;
  }

  check(node: CompiledNode, rule: CompiledRule, now: number): RuleCheck {
    const r = rule.rule;
    if (rule.inert) return inertCheck(r);
    const first = this.history.firstIndexOf(node.name);
    const firstPhase = first === undefined ? undefined : this.history.at(first);
    switch (r.type) {
      case 'repeated_command':
      case 'repeated_file_edit': {
        const rep = repeatedOf(rule);
        const window = this.byRule.get(rule);
        if (!rep || !window) return inertCheck(r);
        return hegelRepeatedCheck(rep.kind, rep.fields, window);
      }
      case 'phase_timeout':
        return hegelPhaseTimeoutCheck(r.max_duration, firstPhase, now);
      case 'token_budget':
        return hegelTokenBudgetCheck(r.max_tokens, firstPhase);
      case 'require_commits':
        return hegelRequireCommitsCheck(r.lookback_phases, this.history, node.name);
    }
  }

  windowOf(_node: CompiledNode, rule: CompiledRule): WindowEntry[] | undefined {
    return this.byRule.get(rule)?.contents();
  }

  /** Every window (rule order over the nodes) and the latest instant's events; immutable, shared until something changes. */
  save(): HegelRulesState {
    this.saved ??= { windows: this.watched.map((w) => w.window.save()), instant: this.instant };
    return this.saved;
  }

  restore(state: unknown): void {
    const s = state as HegelRulesState;
    this.watched.forEach((w, i) => w.window.restore(s.windows[i] as HegelRulesState['windows'][number]));
    this.instant = s.instant;
    this.saved = s;
  }

  private offer(w: Watched, kind: RepeatedKind, entry: WindowEntry): void {
    if (w.kind === kind && matches(w.rule, entry.text)) w.window.offer(entry);
  }
}
