import { describe, expect, it } from 'vitest';
import { problemNode } from '../../src/app/graph/attention.ts';
import type { Diagnostic, Severity, Target } from '../../src/core/diagnostics/types.ts';

const at = (line: number, severity: Severity, target: Target): Diagnostic => ({
  code: 'X',
  severity,
  message: 'm',
  file: 'a.toml',
  range: { start: { line, column: 1 }, end: { line, column: 2 } },
  target,
});
const agent = { name: 'a', tools: ['t0', 't1', 't2'], rules: [{ tool_name: 't2' }] } as unknown as Parameters<typeof problemNode>[1];

describe('the node a fit keeps in view: the first problem’s (task ui5)', () => {
  it('errors before warnings, in text order; a rule stands for its tool; infos and file-wide findings name none', () => {
    const diags = [
      at(1, 'info', { kind: 'agent', agent: 'a', tool: 't0' }),
      at(2, 'error', { kind: 'file' }),
      at(9, 'warning', { kind: 'agent', agent: 'a', tool: 't1' }),
      at(12, 'error', { kind: 'agent', agent: 'a', rule: 0 }),
    ];
    expect(problemNode(diags, agent)).toBe('t2');
    expect(problemNode(diags.slice(0, 3), agent)).toBe('t1');
    expect(problemNode(diags.slice(0, 2), agent)).toBeUndefined();
    expect(problemNode([at(3, 'warning', { kind: 'workflow', workflow: 'w', node: 'plan', transition: 0 })])).toBe('plan');
  });
});
