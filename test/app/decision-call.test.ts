import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/engine/decisions.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import type { Json } from '../../src/core/model/toolRules.ts';
import { CALL_TEXT_MAX, decisionCallText } from '../../src/core/simulator/index.ts';
import { eventChip } from '../../src/app/presenter/stageStep.ts';

const T = '2025-01-01T00:00:00.000Z';
const call = (tool: string, args: Record<string, Json>): TraceItem => ({ kind: 'event', event: { type: 'tool_call', time: 0, tool, args, outcome: 'ok', duration_ms: 0 } });
const allowed = (tool: string): Decision => ({ seq: 0, event: 0, time: T, kind: 'allowed', tool, outcome: 'ok', flow: 'continue' });

describe('the call a timeline row names (task ui11: the rows read "Bash" where the chips read Bash(npm run build))', () => {
  it('is the call with its telling argument, as the presenter’s chip names it', () => {
    const item = call('Bash', { command: 'npm run build', description: 'Build the project' });
    expect(decisionCallText(allowed('Bash'), item)).toBe('Bash(npm run build)');
    if (item.kind === 'event') expect(eventChip(item.event)).toBe('Bash(npm run build)');
    expect(decisionCallText({ seq: 1, event: 0, time: T, kind: 'denied', tool: 'Read', code: 'PermissionDenied', message: 'm' }, call('Read', { file_path: '.env' }))).toBe('Read(.env)');
  });

  it('is cut to the cap with an ellipsis, the tool’s name kept whole', () => {
    const text = decisionCallText(allowed('Bash'), call('Bash', { command: `echo ${'x'.repeat(500)}\nexit` }));
    expect(text).toHaveLength(CALL_TEXT_MAX);
    expect(text).toMatch(/^Bash\(echo x+…\)$/);
    const long = 'mcp__a_server_with_a_very_long_name__and_a_tool_with_a_longer_name_still';
    expect(decisionCallText(allowed(long), call(long, { path: 'a/'.repeat(100) }))).toMatch(new RegExp(`^${long}\\((a/){11}a…\\)$`));
  });

  it('is none where the row names the tool alone: no telling argument, another tool, an automatic call, a reminder', () => {
    expect(decisionCallText(allowed('get_issue'), call('get_issue', { issue_number: 212 }))).toBeUndefined();
    expect(decisionCallText(allowed('connect_db'), call('transform', { path: 'x' }))).toBeUndefined();
    expect(decisionCallText({ seq: 0, event: 0, time: T, kind: 'auto', tool: 'load', reason: 'start_constraint', outcome: 'ok', flow: 'continue' }, call('load', { path: 'x' }))).toBeUndefined();
    expect(decisionCallText({ seq: 0, event: 0, time: T, kind: 'periodic_due', tool: 'load', rule: 0 }, call('load', { path: 'x' }))).toBeUndefined();
    expect(decisionCallText(allowed('x'), { kind: 'error', line: 3, message: 'bad' })).toBeUndefined();
    expect(decisionCallText(allowed('x'), undefined)).toBeUndefined();
  });
});
