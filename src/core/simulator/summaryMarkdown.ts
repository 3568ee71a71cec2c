/** The summary as a readable Markdown report: tables of counts and the rules that never fired. */
import { ruleNumber } from '../model/ruleNumber.ts';
import type { DecisionKind } from '../engine/decisions.ts';
import { DECISION_KINDS, type Summary } from './summary.ts';

/** A cell's text with the characters that would break a table escaped. */
const cell = (s: string | number): string => String(s).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string): string => '`' + s + '`';

function table(header: string[], rows: (string | number)[][]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)];
}

/** Kinds that occur in the summary, in spec order. */
const usedKinds = (s: Summary): DecisionKind[] => DECISION_KINDS.filter((k) => s.byKind[k] > 0);

/**
 * Markdown: a title line with the totals, then `## Decisions by kind`, `## Decisions by tool`,
 * `## Tool rules`, `## Workflow rules` (tables) and `## Rules that never fired` (a list).
 * Sections with nothing to show say so in one line.
 */
export function summaryMarkdown(summary: Summary, title = 'Simulation summary'): string {
  const out: string[] = [`# ${title}`, '', `${summary.decisions} decisions from ${summary.traces} ${summary.traces === 1 ? 'trace' : 'traces'}.`, ''];
  const kinds = usedKinds(summary);
  out.push('## Decisions by kind', '');
  if (kinds.length === 0) out.push('No decisions.');
  else out.push(...table(['Kind', 'Count'], kinds.map((k) => [k, summary.byKind[k]])));
  out.push('', '## Decisions by tool', '');
  const toolKinds = DECISION_KINDS.filter((k) => summary.byTool.some((t) => (t.byKind[k] ?? 0) > 0));
  if (summary.byTool.length === 0) out.push('No tool decisions.');
  else
    out.push(...table(['Tool', 'Total', ...toolKinds], summary.byTool.map((t) => [code(t.tool), t.total, ...toolKinds.map((k) => t.byKind[k] ?? 0)])));
  out.push('', '## Tool rules', '');
  if (summary.toolRules.length === 0) out.push('No agent loaded.');
  else
    out.push(
      ...table(
        ['Rule', 'Tool', 'Type', 'Fired', 'Failures'],
        summary.toolRules.map((r) => [ruleNumber(r.rule), code(r.tool), r.type, r.fired, r.failures]),
      ),
    );
  out.push('', '## Workflow rules', '');
  if (summary.workflowRules.length === 0) out.push('No workflow rules.');
  else out.push(...table(['Node', 'Rule', 'Type', 'Interrupts'], summary.workflowRules.map((r) => [code(r.node), ruleNumber(r.rule), r.type, r.fired])));
  out.push('', '## Rules that never fired', '');
  const never = [
    ...summary.neverFired.tool.map((r) => `- Tool rule ${ruleNumber(r.rule)}: ${r.type} on ${code(r.tool)}`),
    ...summary.neverFired.workflow.map((r) => `- Workflow rule ${ruleNumber(r.rule)} of node ${code(r.node)}: ${r.type}`),
  ];
  out.push(...(never.length > 0 ? never : ['Every rule fired at least once.']));
  return out.join('\n') + '\n';
}
