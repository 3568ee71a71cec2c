/**
 * Profile `hegel` (§3.2): any node's rules, anchored at the start of the current phase.
 * Repeated rules of every node keep an anchored window `start ≤ time ≤ start + window` (time
 * based, as hegel filters its hook log by timestamp, so events at the very instant a phase starts
 * count even when processed just before the `next`). Duration, tokens and commits come from the
 * node's first phase in the history.
 */
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
  /**
   * The commands and edits at the latest instant (`instantTime`), to seed windows anchored at that
   * instant, in the order recorded. Shared with the saved states (copied before a change while
   * {@link itemsShared}): the verifier saves after every move and restores before the next, and
   * a list copied both ways was most of what a save and a restore cost.
   */
  private instantTime = -Infinity;
  private items: HegelRulesState['instant']['items'][number][] = NO_ITEMS as HegelRulesState['instant']['items'][number][];
  private itemsShared = true;
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
    // The instant's items are all at `instantTime`: at the phase's start, they seed its windows.
    const seed = this.instantTime === time ? this.items : NO_ITEMS;
    for (const w of this.watched) {
      w.window.reset(time);
      for (let i = 0; i < seed.length; i++) {
        const { kind, entry } = seed[i] as HegelRulesState['instant']['items'][number];
        if (w.kind === kind && w.window.holds(time) && matches(w.rule, entry.text)) w.window.offer(entry);
      }
    }
  }

  record(kind: RepeatedKind, text: string, tool: string, time: number, seq: number, offset: number): void {
    this.saved = null;
    if (this.instantTime !== time) {
      this.instantTime = time;
      this.items = [];
      this.itemsShared = false;
    } else if (this.itemsShared) {
      this.items = this.items.slice();
      this.itemsShared = false;
    }
    const entry: WindowEntry = { time, text, tool, seq, offset };
    this.items.push({ kind, entry });
    // The window's time bounds first: the pattern is matched only for an event the window can hold.
    const watched = this.watched;
    for (let i = 0; i < watched.length; i++) {
      const w = watched[i] as Watched;
      if (w.kind !== kind || !w.window.holds(time) || !matches(w.rule, text)) continue;
      w.window.offer(entry);
    }
  }

  advance(now: number): void {
    if (now <= this.instantTime) return;
    this.instantTime = now;
    this.items = NO_ITEMS as HegelRulesState['instant']['items'][number][];
    this.itemsShared = true;
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
    if (this.saved === null) {
      const watched = this.watched;
      const windows: HegelRulesState['windows'] = [];
      for (let i = 0; i < watched.length; i++) windows.push((watched[i] as Watched).window.save());
      this.itemsShared = true;
      this.saved = { windows, instant: { time: this.instantTime, items: this.items.length === 0 ? NO_ITEMS : this.items } };
    }
    return this.saved;
  }

  restore(state: unknown): void {
    const s = state as HegelRulesState;
    const watched = this.watched;
    for (let i = 0; i < watched.length; i++) (watched[i] as Watched).window.restore(s.windows[i] as HegelRulesState['windows'][number]);
    this.instantTime = s.instant.time;
    this.items = s.instant.items as HegelRulesState['instant']['items'][number][];
    this.itemsShared = true;
    this.saved = s;
  }
}
