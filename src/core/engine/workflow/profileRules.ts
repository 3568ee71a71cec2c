/** What the engine needs from a profile's rule evaluation (`spec` or `hegel`). */
import type { CompiledNode, CompiledRule } from './compiled.ts';
import type { RepeatedKind, RepeatedRule } from './rules/repeated.ts';
import type { RuleCheck } from './rules/check.ts';
import type { WindowEntry } from './windowEntry.ts';

export interface ProfileRules {
  /** A phase of `node` started at `time` (after the history recorded it). */
  enterPhase(node: CompiledNode | undefined, time: number): void;
  /**
   * A command ran or a file was edited at `time` (`text`: the command line or the path); `seq` is
   * its position in the event stream, `offset` the minutes east of UTC its time was written with.
   */
  record(kind: RepeatedKind, text: string, tool: string, time: number, seq: number, offset: number): void;
  /** Moves the clock to `now`. */
  advance(now: number): void;
  /** Evaluates one rule of `node` at `now` (spec: `node` is the current node). */
  check(node: CompiledNode, rule: CompiledRule, now: number): RuleCheck;
  /** The events a repeated rule currently counts, oldest first (for the UI). */
  windowOf(node: CompiledNode, rule: CompiledRule): WindowEntry[] | undefined;
  /** The profile's window state as plain data (checkpoints). */
  save(): unknown;
  /** Puts back what {@link save} returned; `node` is the current node then. */
  restore(state: unknown, node: CompiledNode | undefined): void;
}

/** The kind and fields of a repeated rule, or `undefined` for the other types. */
export function repeatedOf(rule: CompiledRule): { kind: RepeatedKind; fields: RepeatedRule } | undefined {
  const r = rule.rule;
  if (r.type === 'repeated_command') return { kind: 'command', fields: { pattern: r.pattern, threshold: r.threshold, window: r.window } };
  if (r.type === 'repeated_file_edit')
    return { kind: 'edit', fields: { pattern: r.path_pattern, threshold: r.threshold, window: r.window } };
  return undefined;
}

/** Whether a repeated rule's pattern (if any) accepts the text. */
export function matches(rule: CompiledRule, text: string): boolean {
  return rule.matcher === null || rule.matcher.test(text);
}
