import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/core/diagnostics/types.ts';
import { countBySeverity, describeCounts, selectionForTarget, sortProblems } from '../../src/app/panels/problemTarget.ts';
import { markersOf } from '../../src/app/editor/markers.ts';

const diag = (code: string, severity: Diagnostic['severity'], line: number, column = 1, extra: Partial<Diagnostic> = {}): Diagnostic => ({
  code,
  severity,
  message: `${code} message`,
  file: 'a.toml',
  range: { start: { line, column }, end: { line, column: column + 3 } },
  target: { kind: 'file' },
  ...extra,
});

describe('selectionForTarget', () => {
  it('maps agent targets: a rule wins over its tool, a tool alone selects the tool', () => {
    expect(selectionForTarget({ kind: 'agent', agent: 'a', rule: 3, tool: 'x' })).toEqual({ kind: 'rule', index: 3 });
    expect(selectionForTarget({ kind: 'agent', agent: 'a', rule: 0 })).toEqual({ kind: 'rule', index: 0 });
    expect(selectionForTarget({ kind: 'agent', agent: 'a', tool: 'load' })).toEqual({ kind: 'tool', tool: 'load' });
    expect(selectionForTarget({ kind: 'agent', agent: 'a' })).toEqual({ kind: 'none' });
  });

  it('maps workflow targets to phase rules, transitions and phases', () => {
    expect(selectionForTarget({ kind: 'workflow', workflow: 'w', node: 'code', rule: 2 })).toEqual({ kind: 'phaseRule', node: 'code', index: 2 });
    expect(selectionForTarget({ kind: 'workflow', workflow: 'w', node: 'code', transition: 0 })).toEqual({ kind: 'transition', node: 'code', index: 0 });
    expect(selectionForTarget({ kind: 'workflow', workflow: 'w', node: 'spec' })).toEqual({ kind: 'phase', node: 'spec' });
    expect(selectionForTarget({ kind: 'workflow', workflow: 'w' })).toEqual({ kind: 'none' });
    expect(selectionForTarget({ kind: 'file' })).toEqual({ kind: 'none' });
  });
});

describe('problem ordering and counts', () => {
  const list = [diag('T002', 'warning', 4), diag('F001', 'error', 9), diag('T020', 'info', 1), diag('T001', 'error', 2, 5), diag('T003', 'error', 2, 1)];

  it('sorts errors, then warnings, then infos, each by position', () => {
    expect(sortProblems(list).map((d) => d.code)).toEqual(['T003', 'T001', 'F001', 'T002', 'T020']);
    expect(list[0]?.code).toBe('T002'); // input untouched
  });

  it('counts per severity and says it in words', () => {
    const c = countBySeverity(list);
    expect(c).toEqual({ error: 3, warning: 1, info: 1 });
    expect(describeCounts(c)).toBe('3 errors, 1 warning, 1 info');
    expect(describeCounts(countBySeverity([]))).toBe('No problems');
    expect(describeCounts({ error: 0, warning: 2, info: 0 })).toBe('2 warnings');
  });
});

describe('markersOf', () => {
  const sev = { Error: 8, Warning: 4, Info: 2 };

  it('puts each finding at its range with Monaco severity, code and message', () => {
    const m = markersOf([diag('T001', 'error', 2, 5), diag('T002', 'warning', 3), diag('T020', 'info', 1)], sev, 10);
    expect(m[0]).toEqual({ startLineNumber: 2, startColumn: 5, endLineNumber: 2, endColumn: 8, severity: 8, message: 'T001 message', code: 'T001', source: 'Rule Studio' });
    expect(m.map((x) => x.severity)).toEqual([8, 4, 2]);
  });

  it('clamps ranges past the end of a shorter text', () => {
    const d = diag('F001', 'error', 40, 2, { range: { start: { line: 40, column: 2 }, end: { line: 42, column: 1 } } });
    const [m] = markersOf([d], sev, 5);
    expect(m?.startLineNumber).toBe(5);
    expect(m?.endLineNumber).toBe(5);
    expect(m?.endColumn).toBeGreaterThanOrEqual(m?.startColumn ?? 0);
  });
});
