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
   * instant: the first `instantCount` items of the parallel lists (kept, not emptied, so a new
   * instant reuses their room and recording one allocates nothing).
   */
  private instantTime = -Infinity;
  private instantCount = 0;
  private readonly itemKind: RepeatedKind[] = [];
  private readonly itemText: string[] = [];
  private readonly itemTool: string[] = [];
  private readonly itemSeq: number[] = [];
  private readonly itemOffset: number[] = [];
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
    const seed = this.instantTime === time ? this.instantCount : 0;
    for (const w of this.watched) {
      w.window.reset(time);
      for (let i = 0; i < seed; i++) {
        const kind = this.itemKind[i] as RepeatedKind;
        const text = this.itemText[i] as string;
        if (w.kind === kind && w.window.holds(time) && matches(w.rule, text))
          w.window.offer({ time, text, tool: this.itemTool[i] as string, seq: this.itemSeq[i] as number, offset: this.itemOffset[i] as number });
      }
    }
  }

  record(kind: RepeatedKind, text: string, tool: string, time: number, seq: number, offset: number): void {
    this.saved = null;
    if (this.instantTime !== time) {
      this.instantTime = time;
      this.instantCount = 0;
    }
    const n = this.instantCount++;
    this.itemKind[n] = kind;
    this.itemText[n] = text;
    this.itemTool[n] = tool;
    this.itemSeq[n] = seq;
    this.itemOffset[n] = offset;
    // The window's time bounds first: the pattern is matched only for an event the window can hold.
    let entry: WindowEntry | undefined;
    const watched = this.watched;
    for (let i = 0; i < watched.length; i++) {
      const w = watched[i] as Watched;
      if (w.kind !== kind || !w.window.holds(time) || !matches(w.rule, text)) continue;
      entry ??= { time, text, tool, seq, offset };
      w.window.offer(entry);
    }
  }

  advance(now: number): void {
    if (now <= this.instantTime) return;
    this.instantTime = now;
    this.instantCount = 0;
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
      const items: { kind: RepeatedKind; entry: WindowEntry }[] = [];
      for (let i = 0; i < this.instantCount; i++)
        items.push({
          kind: this.itemKind[i] as RepeatedKind,
          entry: { time: this.instantTime, text: this.itemText[i] as string, tool: this.itemTool[i] as string, seq: this.itemSeq[i] as number, offset: this.itemOffset[i] as number },
        });
      this.saved = { windows: this.watched.map((w) => w.window.save()), instant: { time: this.instantTime, items: items.length === 0 ? NO_ITEMS : items } };
    }
    return this.saved;
  }

  restore(state: unknown): void {
    const s = state as HegelRulesState;
    this.watched.forEach((w, i) => w.window.restore(s.windows[i] as HegelRulesState['windows'][number]));
    this.instantTime = s.instant.time;
    this.instantCount = 0;
    for (const { kind, entry } of s.instant.items) {
      const n = this.instantCount++;
      this.itemKind[n] = kind;
      this.itemText[n] = entry.text;
      this.itemTool[n] = entry.tool;
      this.itemSeq[n] = entry.seq;
      this.itemOffset[n] = entry.offset ?? 0;
    }
    this.saved = s;
  }
}
