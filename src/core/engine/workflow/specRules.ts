/**
 * Profile `spec` (§3.1): the current node's rules against the current phase, with sliding
 * windows `max(phase start, now − window) ≤ time ≤ now`. Only the current node's windows exist;
 * entering a node starts them empty.
 */
import type { CompiledNode, CompiledRule } from './compiled.ts';
import type { PhaseHistory } from './phases.ts';
import { matches, repeatedOf, type ProfileRules } from './profileRules.ts';
import { inertCheck, type RuleCheck } from './rules/check.ts';
import { specPhaseTimeoutCheck } from './rules/phaseTimeout.ts';
import { specRepeatedCheck, type RepeatedKind } from './rules/repeated.ts';
import { specRequireCommitsCheck } from './rules/requireCommits.ts';
import { specTokenBudgetCheck } from './rules/tokenBudget.ts';
import { SlidingWindow, type SlidingWindowState } from './slidingWindow.ts';
import type { WindowEntry } from './windowEntry.ts';

interface Watched {
  rule: CompiledRule;
  kind: RepeatedKind;
  window: SlidingWindow;
}

export class SpecRules implements ProfileRules {
  private watched: Watched[] = [];
  private readonly byIndex = new Map<number, SlidingWindow>();

  constructor(private readonly history: PhaseHistory) {}

  enterPhase(node: CompiledNode | undefined): void {
    this.watched = [];
    this.byIndex.clear();
    for (const rule of node?.rules ?? []) {
      const rep = repeatedOf(rule);
      if (!rep || rule.inert) continue;
      // A rule with a pattern counts every match together: it never asks for the most repeated text.
      const window = new SlidingWindow(rep.fields.window * 1000, rep.fields.pattern === undefined);
      this.watched.push({ rule, kind: rep.kind, window });
      this.byIndex.set(rule.index, window);
    }
  }

  record(kind: RepeatedKind, text: string, tool: string, time: number, seq: number): void {
    const watched = this.watched;
    for (let i = 0; i < watched.length; i++) {
      const w = watched[i] as Watched;
      if (w.kind === kind && matches(w.rule, text)) w.window.push({ time, text, tool, seq });
    }
  }

  advance(now: number): void {
    const watched = this.watched;
    for (let i = 0; i < watched.length; i++) (watched[i] as Watched).window.advance(now);
  }

  check(node: CompiledNode, rule: CompiledRule, now: number): RuleCheck {
    const r = rule.rule;
    const phase = this.history.current();
    if (rule.inert || !phase) return inertCheck(r);
    switch (r.type) {
      case 'repeated_command':
      case 'repeated_file_edit': {
        const rep = repeatedOf(rule);
        const window = this.byIndex.get(rule.index);
        if (!rep || !window) return inertCheck(r);
        return specRepeatedCheck(rep.kind, rep.fields, window, node.name);
      }
      case 'phase_timeout':
        return specPhaseTimeoutCheck(r.max_duration, phase, now);
      case 'token_budget':
        return specTokenBudgetCheck(r.max_tokens, phase);
      case 'require_commits':
        return specRequireCommitsCheck(r.lookback_phases, this.history, node.name);
    }
  }

  windowOf(_node: CompiledNode, rule: CompiledRule): WindowEntry[] | undefined {
    return this.byIndex.get(rule.index)?.contents();
  }

  /** The current node's windows, in rule order. */
  save(): SlidingWindowState[] {
    return this.watched.map((w) => w.window.save());
  }

  restore(state: unknown, node: CompiledNode | undefined): void {
    this.enterPhase(node);
    const windows = state as SlidingWindowState[];
    this.watched.forEach((w, i) => w.window.restore(windows[i] as SlidingWindowState));
  }
}
