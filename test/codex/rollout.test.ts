/**
 * Codex session logs as traces (issue 24). The line shapes follow openai/codex:
 * `codex-rs/core/src/rollout/tests.rs` @ 03932b811936f879fd900ea195760a778d86130e (session_meta and
 * user_message lines, verbatim shapes), `codex-rs/protocol/src/models.rs` @
 * 152e7caecdc1050f186f3ec768ec5fb2cfa04923 (function_call / local_shell_call / function_call_output),
 * and the exec policy tests in `codex-rs/core/src/exec_policy.rs` (`bash -lc` scripts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonErrorColumn } from '../../src/core/permissions/codex/rollout.ts';
import { isCodexRollout, loadCodexRules, readCodexRollout, recordedOf, replayCodexSessions, shellScriptCommands } from '../../src/core/permissions/codex/index.ts';

const example = (p: string) => readFileSync(new URL(`../../examples/${p}`, import.meta.url), 'utf8');
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2025-01-01T12-00-00', type, payload });

describe('readCodexRollout', () => {
  it('reads the lines Codex writes in its own rollout tests; its filler records are K041 at their lines', () => {
    const text = [
      line('session_meta', { id: '00000000-0000-0000-0000-000000000001', timestamp: '2025-01-01T12-00-00', cwd: '.', originator: 'test_originator', cli_version: 'test_version', base_instructions: null, source: 'vscode', model_provider: 'test-provider' }),
      line('event_msg', { type: 'user_message', message: 'Hello from user', kind: 'plain' }),
      JSON.stringify({ record_type: 'response', index: 0 }),
    ].join('\n');
    expect(isCodexRollout(text)).toBe(true);
    const s = readCodexRollout('r.jsonl', text);
    expect([s.id, s.cwd, s.cliVersion, s.calls.length]).toEqual(['00000000-0000-0000-0000-000000000001', '.', 'test_version', 0]);
    expect(s.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['K041', 3]]);
  });

  it('reads every exec tool of the gallery session with what the log recorded', () => {
    const s = readCodexRollout('codex-session.jsonl', example('traces/codex-session.jsonl'));
    expect(s.diagnostics).toEqual([]);
    expect(s.approvalPolicy).toBe('on-request');
    expect(s.calls.map((c) => [c.line, c.tool, c.recorded, c.commands.map((w) => w.join(' '))])).toEqual([
      [4, 'shell', 'ran', ['git status']],
      [6, 'shell', 'forbidden', ['rm -rf dist']],
      [8, 'shell_command', 'ran', ['rm -fr dist']],
      [10, 'exec_command', 'ran', ['npm test', 'npm run lint']],
      [12, 'shell', 'ran', ["python3 -c import shutil; shutil.rmtree('node_modules')"]],
      [14, 'local_shell', 'ran', ['ls -la']],
      [16, 'shell', 'declined', ['git push origin main']],
      [18, 'shell', 'declined', ['git log --oneline -3']],
    ]);
    expect(s.calls[0]?.exitCode).toBe(0);
  });

  it('a line that is not JSON is K040 at its line and column; the lines after it are still read', () => {
    const call = line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c1' });
    const s = readCodexRollout('x.jsonl', `{"timestamp": "t", "type": oops}\n${call}\n`);
    expect(s.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.column])).toEqual([['K040', 1, 28]]);
    expect(s.calls.map((c) => c.argv)).toEqual([['ls']]);
  });

  it('a shell call whose command is not a list of strings is K041 naming the field', () => {
    const s = readCodexRollout('x.jsonl', line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":"ls"}', call_id: 'c1' }));
    expect(s.diagnostics[0]?.code).toBe('K041');
    expect(s.diagnostics[0]?.message).toContain('`command`');
  });

  it('a log over the budget is read up to it, with K042', () => {
    const one = line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c' });
    const s = readCodexRollout('big.jsonl', Array.from({ length: 10 }, () => one).join('\n'), { chars: 1e6, lines: 4 });
    expect(s.calls.length).toBe(4);
    expect(s.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['K042', 5]]);
  });

  it('recognises what an output says happened', () => {
    expect(recordedOf('exec command rejected by user')).toEqual({ recorded: 'declined' });
    expect(recordedOf('`rm -rf /` rejected: policy forbids commands starting with `rm`')).toEqual({ recorded: 'forbidden' });
    expect(recordedOf({ content: '{"output":"x","metadata":{"exit_code":2}}' })).toEqual({ recorded: 'ran', exitCode: 2 });
    expect(recordedOf('Exit code: 1\nWall time: 0.2 seconds\nOutput:\n')).toEqual({ recorded: 'ran', exitCode: 1 });
    expect(recordedOf('something else')).toEqual({ recorded: 'unknown' });
  });
});

describe('shellScriptCommands (the commands Codex checks for `bash -lc`)', () => {
  it('splits plain commands joined by && || ; |', () => {
    expect(shellScriptCommands(['bash', '-lc', 'git status && npm test | tee log; ls || true'])).toEqual([['git', 'status'], ['npm', 'test'], ['tee', 'log'], ['ls'], ['true']]);
    expect(shellScriptCommands(['/bin/zsh', '-c', "grep 'a*b' file"])).toEqual([['grep', 'a*b', 'file']]);
  });
  it('leaves empty and whitespace scripts to the argv (commands_for_exec_policy_falls_back_for_empty_shell_script)', () => {
    expect(shellScriptCommands(['bash', '-lc', ''])).toBeNull();
    expect(shellScriptCommands(['bash', '-lc', '  \n\t  '])).toBeNull();
  });
  it('leaves expansions, redirections and subshells to the argv', () => {
    for (const s of ['echo $HOME', 'ls > out', '(cd x && ls)', 'echo `id`', 'sleep 1 &', 'echo "a;b" && ls']) expect(shellScriptCommands(['bash', '-lc', s]), s).toBeNull();
  });
});

describe('replayCodexSessions', () => {
  it("decides a bash -lc script by its inner command, as Codex's exec policy test does", () => {
    const { policy } = loadCodexRules([{ path: 'p.rules', text: 'prefix_rule(pattern=["rm"], decision="forbidden")' }]);
    const s = readCodexRollout('s.jsonl', line('response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'rm -rf /some/important/folder'] }), call_id: 'c' }));
    expect(replayCodexSessions(policy, [s]).calls[0]?.decision).toBe('forbidden');
  });

  it('the gallery: each call decided with its rules, compared with the log, and per-rule counts', () => {
    const load = loadCodexRules([{ path: 'codex-default.rules', text: example('codex-default.rules') }]);
    expect(load.refused).toBe(false);
    const s = readCodexRollout('codex-session.jsonl', example('traces/codex-session.jsonl'));
    const r = replayCodexSessions(load.policy, [s]);
    expect(r.calls.map((c) => [c.call.line, c.decision ?? null, c.matched.map((m) => m.rule.index), c.agreement])).toEqual([
      [4, 'allow', [0], 'agrees'],
      [6, 'forbidden', [2], 'agrees'],
      [8, null, [], 'agrees'],
      [10, 'allow', [4, 5, 4], 'agrees'],
      [12, 'allow', [3], 'agrees'],
      [14, null, [], 'agrees'],
      [16, 'prompt', [1], 'agrees'],
      [18, 'allow', [0], 'differs'],
    ]);
    expect(r.calls[7]?.why).toBe('the rules allow it without asking, but the log says the user declined it');
    expect(r.differs).toBe(1);
    expect(r.matchedCounts).toEqual([2, 1, 1, 1, 1, 1]);
    expect(r.decidedCounts).toEqual([2, 1, 1, 1, 1, 1]);
  });

  it('a call the rules forbid that the log says ran differs', () => {
    const { policy } = loadCodexRules([{ path: 'p.rules', text: 'prefix_rule(pattern=["ls"], decision="forbidden")' }]);
    const text = [
      line('response_item', { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c' }),
      line('response_item', { type: 'function_call_output', call_id: 'c', output: '{"output":"","metadata":{"exit_code":0}}' }),
    ].join('\n');
    const r = replayCodexSessions(policy, [readCodexRollout('s.jsonl', text)]);
    expect([r.calls[0]?.agreement, r.calls[0]?.why]).toEqual(['differs', 'the rules forbid it, but the log says it ran']);
  });
});

describe('jsonErrorColumn', () => {
  it('points at the first character that is not JSON', () => {
    const cases: [string, number][] = [
      ['{"a": oops}', 7],
      ['{"a": [1, 2,]}', 13],
      ['{"a": 1} x', 10],
      ['{"a" 1}', 6],
      ['{"a": "b', 9],
      ['[{"a": {"b": [1, {"c": tru}]}}]', 24],
      ['', 1],
    ];
    for (const [text, col] of cases) expect(jsonErrorColumn(text), text).toBe(col);
  });
});
