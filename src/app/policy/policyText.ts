/** Small helpers the Policy view's panels share: counts, a call on one line, a rule's position. */
import type { RuleSource } from '../../core/permissions/claude/types.ts';
import type { PolicyCall } from '../../worker/policyService.ts';

export const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What a call asked for, on one line (the command, the path, the URL…). */
export function callText(c: PolicyCall): string {
  const input = c.call.input ?? {};
  const first = [
    'command',
    'file_path',
    'path',
    'url',
    'query',
    'pattern',
    'notebook_path',
    'skill',
    'subagent_type',
  ]
    .map((k) => input[k])
    .find((v) => typeof v === 'string');
  const arg = typeof first === 'string' ? first : JSON.stringify(input);
  const line = arg.replace(/\s+/g, ' ');
  return `${c.call.name}(${line.length > 90 ? `${line.slice(0, 89)}…` : line})`;
}

export const whereOf = (s: Pick<RuleSource, 'file' | 'line' | 'col'>) =>
  `${s.file}:${s.line}:${s.col}`;
