/**
 * Replays that must complete, whatever the trace holds: catastrophic-looking patterns on long
 * commands (pattern matching is linear), garbage lines (error decisions, and the replay goes on), and many
 * distinct commands (state bounded by the window, not the trace).
 */
import { describe, expect, it } from 'vitest';
import { createReplay, replayItems } from '../../src/core/engine/replay.ts';
import { readCanonical } from '../../src/core/traces/index.ts';
import type { Workflow } from '../../src/core/model/index.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';

const T0 = Date.UTC(2025, 0, 1);
const wf = (rules: Workflow['nodes'][number]['rules']): Workflow => ({
  name: 'w',
  mode: 'm',
  start_node: 'code',
  nodes: [{ name: 'code', transitions: [{ when: 'done', to: 'done' }], rules }],
});
const ev = (event: Extract<TraceItem, { kind: 'event' }>['event']): TraceItem => ({ kind: 'event', event });

describe('replay robustness', () => {
  it('matches (a|aa)*b against a 100 KB command in linear time and fires only on real matches', () => {
    const long = 'a'.repeat(100_000);
    const w = wf([{ type: 'repeated_command', pattern: '(a|aa)*b', threshold: 2, window: 600 }]);
    const items = [
      ev({ type: 'workflow_start', time: T0 }),
      ev({ type: 'command', time: T0 + 1000, command: long, tool: 'Bash' }),
      ev({ type: 'command', time: T0 + 2000, command: long, tool: 'Bash' }),
      ev({ type: 'next', time: T0 + 3000, claims: ['nothing'] }),
      ev({ type: 'command', time: T0 + 4000, command: long + 'b', tool: 'Bash' }),
      ev({ type: 'command', time: T0 + 5000, command: 'b' + long, tool: 'Bash' }),
      ev({ type: 'next', time: T0 + 6000, claims: ['nothing'] }),
    ];
    const ds = replayItems(items, { workflow: w });
    expect(ds.map((d) => d.kind)).toEqual(['transition', 'interrupt']);
    expect(ds[1]).toMatchObject({ event: 6, ruleType: 'repeated_command' });
  });

  it('turns garbage lines into error decisions naming the line and replays the rest', () => {
    const lines = [
      '{"type":"tool_call","time":"2025-01-01T10:00:00Z","tool":"a"}',
      'not json at all',
      '\u0000\u0001\u0002binary',
      '{"type":"tool_call","time":"2025-01-01T10:00:01"}',
      '[1,2,3]',
      '{"type":"teleport","time":"2025-01-01T10:00:02Z"}',
      '{"type":"tool_call","time":"2025-01-01T09:00:00Z","tool":"a"}',
      '{"type":"tool_call","time":"2025-01-01T10:00:03Z","tool":"b"}',
    ];
    const ds = replayItems(readCanonical(lines.join('\n')), { agent: { name: 'x', tools: [], rules: [] } });
    expect(ds.map((d) => (d.kind === 'error' ? `error@${d.line}` : `${d.kind}:${'tool' in d ? d.tool : ''}`))).toEqual([
      'allowed:a',
      'error@2',
      'error@3',
      'error@4',
      'error@5',
      'error@6',
      'error@7',
      'allowed:b',
    ]);
    const noOffset = ds.find((d) => d.kind === 'error' && d.line === 4);
    expect(noOffset && 'message' in noOffset ? noOffset.message : '').toMatch(/offset/);
    const backwards = ds.find((d) => d.kind === 'error' && d.line === 7);
    expect(backwards && 'message' in backwards ? backwards.message : '').toMatch(/backwards|before/);
  });

  it('keeps workflow state bounded by the window with 200,000 distinct commands', () => {
    const w = wf([{ type: 'repeated_command', threshold: 3, window: 60 }]);
    const r = createReplay({ workflow: w, settings: { evaluateOn: 'every_event' } });
    r.push(ev({ type: 'workflow_start', time: T0 }));
    let interrupts = 0;
    for (let i = 0; i < 200_000; i++)
      for (const d of r.push(ev({ type: 'command', time: T0 + i * 100, command: `echo ${i}`, tool: 'Bash' }))) if (d.kind === 'interrupt') interrupts++;
    expect(interrupts).toBe(0);
    // 60 s of commands at 10 per second: the window holds ~600 of them, not 200,000.
    const snap = r.snapshot().workflow as unknown as { rules: { window?: unknown[] }[] };
    const held = snap.rules[0]?.window?.length ?? -1;
    expect(held).toBeGreaterThan(500);
    expect(held).toBeLessThanOrEqual(601);
  });
});
