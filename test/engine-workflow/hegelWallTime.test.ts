/**
 * Issue 27, item 2: recent-activity times with an offset other than UTC. hegel prints characters
 * 11–19 of each timestamp as written (`src/rules/evaluator.rs` of dialecticianai/hegel-cli @
 * 80120584: `evaluate_repeated_command`, `evaluate_repeated_file_edit` and
 * `evaluate_phase_timeout` take `timestamp[11..19]` / `start_time[11..19]`), so a time written
 * `12:00:10+02:00` reads `12:00:10`. Profile `spec` keeps UTC, as its contract says
 * (workflow-rules.md: "times HH:MM:SS in UTC of the event").
 */
import { describe, expect, it } from 'vitest';
import { canonicalLine } from '../../src/core/traces/toCanonical.ts';
import { scriptedTraceText } from '../../src/core/traces/toScripted.ts';
import { runCli } from '../cli/harness.ts';

const WORKFLOW = `mode: execution
start_node: code
nodes:
  code:
    transitions:
      - when: code_complete
        to: review
    rules:
      - type: repeated_command
        threshold: 2
        window: 60
  review:
    transitions: []
`;
const TIMEOUT = WORKFLOW.replace(
  /- type: repeated_command\n {8}threshold: 2\n {8}window: 60/,
  '- type: phase_timeout\n        max_duration: 20',
);

/** The repro: every time written at +02:00, the phase starting at 10:00:00 UTC. */
const TRACE = [
  '{"type":"workflow_start","time":"2025-01-01T12:00:00+02:00"}',
  '{"type":"command","command":"cargo build","time":"2025-01-01T12:00:10+02:00"}',
  '{"type":"command","command":"cargo build","time":"2025-01-01T12:00:20.5+02:00"}',
  '{"type":"next","claims":["stay"],"time":"2025-01-01T12:00:30+02:00"}',
].join('\n');

async function interrupts(argv: string[], files: Record<string, string>): Promise<string[]> {
  const r = await runCli(argv, files);
  expect(r.code).toBe(0);
  return r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: string; text?: string })
    .flatMap((d) => (d.kind === 'interrupt' ? [d.text ?? ''] : []));
}
/** The interrupt texts of `trace` replayed against `wf` under profile hegel. */
const hegelTexts = (wf: string, trace: string) =>
  interrupts(['simulate', 'wf.yaml', '--profile', 'hegel', '--trace', 't.jsonl'], {
    'wf.yaml': wf,
    't.jsonl': trace,
  });

describe('hegel: recent-activity times as written', () => {
  it('repro: repeated_command at +02:00 lists 12:00:10 and 12:00:20 as hegel does, not UTC', async () => {
    const texts = await hegelTexts(WORKFLOW, TRACE);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(
      '**Recent Activity:**\n- 12:00:10: cargo build\n- 12:00:20: cargo build\n\n',
    );
  });

  it('profile spec prints the same events in UTC, as its contract says', async () => {
    const texts = await interrupts(['simulate', 'wf.yaml', '--trace', 't.jsonl'], {
      'wf.yaml': WORKFLOW,
      't.jsonl': TRACE,
    });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('  - 10:00:10: cargo build\n  - 10:00:20: cargo build');
  });

  it('phase_timeout: the phase start as written, a negative offset past midnight UTC', async () => {
    const trace = [
      '{"type":"workflow_start","time":"2025-01-01T21:30:00-05:30"}',
      '{"type":"next","claims":["stay"],"time":"2025-01-01T21:31:00-05:30"}',
    ].join('\n');
    const texts = await hegelTexts(TIMEOUT, trace);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('- Phase start: 21:30:00\n- Duration: 1m 0s\n');
  });

  it("hegel's own logs: hooks.jsonl and states.jsonl times at +09:00 print as written", async () => {
    const hook = (t: string) =>
      JSON.stringify({
        session_id: 's',
        event_type: 'post_tool_use',
        tool_name: 'Bash',
        timestamp: t,
        tool_input: { command: 'cargo build' },
      });
    const state = (t: string, from: string, to: string) =>
      JSON.stringify({
        timestamp: t,
        workflow_id: 'w',
        from_node: from,
        to_node: to,
        phase: to,
        mode: 'execution',
      });
    const texts = await interrupts(
      ['simulate', 'wf.yaml', '--profile', 'hegel', '--trace', 'hooks.jsonl', 'states.jsonl'],
      {
        'wf.yaml': WORKFLOW,
        'hooks.jsonl': [
          hook('2025-01-01T19:00:05+09:00'),
          hook('2025-01-01T19:00:06.25+09:00'),
        ].join('\n'),
        'states.jsonl': [
          state('2025-01-01T19:00:00+09:00', 'START', 'code'),
          state('2025-01-01T19:00:30+09:00', 'code', 'code'),
        ].join('\n'),
      },
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('- 19:00:05: cargo build\n- 19:00:06: cargo build\n');
  });

  it('a UTC trace is unchanged (Z and +00:00 alike)', async () => {
    let n = 0;
    const utc = TRACE.replaceAll('T12:', 'T10:').replace(/\+02:00/g, () =>
      n++ % 2 ? 'Z' : '+00:00',
    );
    const texts = await hegelTexts(WORKFLOW, utc);
    expect(texts[0]).toContain('- 10:00:10: cargo build\n- 10:00:20: cargo build\n');
  });
});

describe('the written offset is not a field', () => {
  it('canonical and scripted writers leave utcOffset out (canonical times are written in UTC)', () => {
    const e = {
      type: 'tokens',
      time: Date.UTC(2025, 0, 1, 10),
      input: 1,
      output: 2,
      utcOffset: 120,
    } as const;
    expect(canonicalLine(e)).toBe(
      '{"type":"tokens","time":"2025-01-01T10:00:00.000Z","input":1,"output":2}',
    );
    expect(scriptedTraceText([e])).not.toContain('utcOffset');
  });
});
