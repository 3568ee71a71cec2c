/** Small helpers the Policy view's panels share: counts, a call on one line, a rule's position. */
import type { RuleSource } from '../../core/permissions/claude/types.ts';
import type { PolicyCall } from '../../worker/policyService.ts';
import { callArgumentText } from '../../core/traces/callText.ts';

export const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What a call asked for, on one line (the command, the path, the URL…). */
export function callText(c: PolicyCall): string {
  // `{}` too is shown as the call's arguments: a policy call names what it was asked with
  return `${c.call.name}(${callArgumentText(c.call.input ?? {}) ?? '{}'})`;
}

export const whereOf = (s: Pick<RuleSource, 'file' | 'line' | 'col'>) =>
  `${s.file}:${s.line}:${s.col}`;
