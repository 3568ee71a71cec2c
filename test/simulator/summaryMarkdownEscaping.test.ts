/**
 * The Markdown summary keeps its structure whatever the names in it: backticks in a tool name get a
 * longer code fence, HTML stays text, a line break cannot end a row or start a heading, a pipe
 * cannot split a cell, and the title (made of trace names) is escaped as plain text.
 */
import { describe, expect, it } from 'vitest';
import { replayItems } from '../../src/core/engine/replay.ts';
import { summarize, summaryMarkdown } from '../../src/core/simulator/index.ts';
import { agent, call } from './helpers.ts';

const NAMES = ['a`b', '`x`', '<img src=x onerror=alert(1)>', 'line\n# Heading', 'a\\b|c', ' pad '];

function report(title: string): string[] {
  const a = agent(NAMES.map((n) => ({ tool_name: n, rule_type: { type: 'MaxCalls', value: 5 } })));
  const trace = NAMES.map((n, i) => call(i, n));
  return summaryMarkdown(summarize(replayItems(trace, { agent: a }), { agent: a }), title).split('\n');
}

describe('Markdown summary escaping', () => {
  const lines = report('Simulation of evil\n# Injected <script>alert(1)</script> & `more` | *x*.jsonl');

  it('writes every name as a code span that holds it literally', () => {
    const row = (tool: string) => lines.find((l) => l.startsWith(`| ${tool} |`));
    expect(row('``a`b``')).toBeDefined();
    expect(row('`` `x` ``')).toBeDefined();
    expect(row('`<img src=x onerror=alert(1)>`')).toBeDefined();
    expect(row('`line\\n# Heading`')).toBeDefined();
    // a backslash is literal in a code span (not doubled); the pipe is escaped for the table
    expect(row('`a\\b\\|c`')).toBeDefined();
    // a space at both ends is kept: CommonMark strips one from each side, so one more is added
    expect(row('`  pad  `')).toBeDefined();
    // outside tables, pipes need no escape
    expect(lines).toContain('- Tool rule #1: MaxCalls on ``a`b``');
  });

  it('keeps the structure: one title line, the fixed headings, table rows of equal width', () => {
    expect(lines[0]).toBe('# Simulation of evil\\\\n# Injected \\<script\\>alert(1)\\</script\\> \\& \\`more\\` \\| \\*x\\*.jsonl');
    expect(lines.filter((l) => l.startsWith('#'))).toEqual([
      lines[0],
      '## Decisions by kind',
      '## Decisions by tool',
      '## Tool rules',
      '## Workflow rules',
      '## Rules that never fired',
    ]);
    // every row of the tool-rules table has its five cells (escaped pipes do not split cells)
    const start = lines.indexOf('| Rule | Tool | Type | Fired | Failures |');
    const rows = lines.slice(start + 2, start + 2 + NAMES.length);
    expect(rows).toHaveLength(NAMES.length);
    for (const r of rows) expect(r.replace(/\\\|/g, '').split('|').length - 2, r).toBe(5);
    // outside code spans no `<` or `&` is left unescaped, so no HTML can form
    const outsideCode = lines.map((l) => l.replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, ''));
    for (const l of outsideCode) expect(l, l).not.toMatch(/(^|[^\\])[<&]/);
  });
});
