/** The summary as a readable Markdown report: tables of counts and the rules that never fired. */
import { ruleNumber } from '../model/ruleNumber.ts';
import type { DecisionKind } from '../engine/decisions.ts';
import { DECISION_KINDS, type Summary } from './summary.ts';
import { append } from '../model/append.ts';

/**
 * Names come from the user's files and traces, so nothing in them may change the report's
 * structure: control characters (line breaks would end a table row or start a heading) are shown
 * as escapes, as the CLI shows them.
 */
const visible = (s: string): string =>
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });

/**
 * A name as an inline code span (CommonMark §6.1): the fence is one backtick longer than the
 * longest run inside, padded with a space when the name starts or ends with a backtick; HTML and
 * Markdown inside a code span are literal, so nothing else is escaped.
 */
function code(name: string): string {
  const shown = visible(name);
  let longest = 0;
  for (const run of shown.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = shown.startsWith('`') || shown.endsWith('`') || (shown.startsWith(' ') && shown.endsWith(' ') && shown.trim() !== '') ? ' ' : '';
  return fence + pad + shown + pad + fence;
}

/** Plain text shown literally: Markdown's inline punctuation and HTML's `<` and `&` backslash-escaped (CommonMark §2.4). */
const literal = (s: string): string => visible(s).replace(/[\\`*_[\]<>&|~!]/g, '\\$&');

/** A table cell: a pipe ends a cell even inside a code span, so it is escaped (GFM tables). */
const cell = (s: string | number): string => String(s).replace(/\|/g, '\\|');

function table(header: string[], rows: (string | number)[][]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)];
}

/** Kinds that occur in the summary, in spec order. */
const usedKinds = (s: Summary): DecisionKind[] => DECISION_KINDS.filter((k) => s.byKind[k] > 0);

/**
 * Markdown: a title line with the totals, then `## Decisions by kind`, `## Decisions by tool`,
 * `## Tool rules`, `## Letta rules` (a Letta agent's), `## Workflow rules` (tables) and `## Rules that never fired` (a list).
 * Sections with nothing to show say so in one line.
 */
export function summaryMarkdown(summary: Summary, title = 'Simulation summary'): string {
  const out: string[] = [`# ${literal(title)}`, '', `${summary.decisions} decisions from ${summary.traces} ${summary.traces === 1 ? 'trace' : 'traces'}.`, ''];
  const kinds = usedKinds(summary);
  out.push('## Decisions by kind', '');
  if (kinds.length === 0) out.push('No decisions.');
  else append(out, table(['Kind', 'Count'], kinds.map((k) => [k, summary.byKind[k]])));
  out.push('', '## Decisions by tool', '');
  const toolKinds = DECISION_KINDS.filter((k) => summary.byTool.some((t) => (t.byKind[k] ?? 0) > 0));
  if (summary.byTool.length === 0) out.push('No tool decisions.');
  else
    append(out, table(['Tool', 'Total', ...toolKinds], summary.byTool.map((t) => [code(t.tool), t.total, ...toolKinds.map((k) => t.byKind[k] ?? 0)])));
  out.push('', '## Tool rules', '');
  if (summary.toolRules.length === 0) out.push('No agent loaded.');
  else
    append(
      out,
      table(
        ['Rule', 'Tool', 'Type', 'Fired', 'Failures'],
        summary.toolRules.map((r) => [ruleNumber(r.rule), code(r.tool), r.type, r.fired, r.failures]),
      ),
    );
  if (summary.lettaRules.length > 0) {
    out.push('', '## Letta rules', '');
    append(
      out,
      table(
        ['Rule', 'Tool', 'Type', 'Fired', 'Failures'],
        summary.lettaRules.map((r) => [ruleNumber(r.rule), code(r.tool), r.type, r.fired, r.failures]),
      ),
    );
  }
  out.push('', '## Workflow rules', '');
  if (summary.workflowRules.length === 0) out.push('No workflow rules.');
  else append(out, table(['Node', 'Rule', 'Type', 'Interrupts'], summary.workflowRules.map((r) => [code(r.node), ruleNumber(r.rule), r.type, r.fired])));
  out.push('', '## Rules that never fired', '');
  const never = [
    ...summary.neverFired.tool.map((r) => `- Tool rule ${ruleNumber(r.rule)}: ${r.type} on ${code(r.tool)}`),
    ...summary.neverFired.letta.map((r) => `- Letta rule ${ruleNumber(r.rule)}: ${r.type} on ${code(r.tool)}`),
    ...summary.neverFired.workflow.map((r) => `- Workflow rule ${ruleNumber(r.rule)} of node ${code(r.node)}: ${r.type}`),
  ];
  append(out, never.length > 0 ? never : ['Every rule fired at least once.']);
  return out.join('\n') + '\n';
}
