/**
 * Gemini CLI session logs as traces (`readGeminiSession`). The data in test/gemini/data/ is written
 * from google-gemini/gemini-cli's own record types and recording service (see its README there).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isGeminiSession,
  loadGeminiPolicies,
  readGeminiSession,
  replayGeminiCall,
} from '../../src/core/permissions/gemini/index.ts';
import { readGeminiTrace } from '../../src/core/permissions/gemini/trace.ts';

const DEMO = 'test/gemini/data/session-2026-08-21T10-00-demo.jsonl';
const LEGACY = 'test/gemini/data/session-legacy.json';
const read = (p: string) => readFileSync(p, 'utf8');

describe('readGeminiSession', () => {
  it('reads the JSONL log as Gemini loads it: last record of an id wins, $rewindTo drops later messages', () => {
    const t = readGeminiSession(DEMO, read(DEMO));
    expect(t.diagnostics).toEqual([]);
    expect(t.sessionId).toBe('5c1e2d4a-0000-4000-8000-000000000001');
    expect(t.calls.map((c) => [c.callId, c.name, c.status, c.recorded, c.asked, c.line])).toEqual([
      ['c1', 'run_shell_command', 'success', 'ran', true, 4],
      ['c2', 'run_shell_command', 'error', 'denied', false, 5],
      ['c3', 'write_file', 'cancelled', 'cancelled', false, 6],
      ['c5', 'run_shell_command', 'success', 'ran', false, 10],
    ]);
  });

  it('is the reader the Policy view’s readGeminiTrace picks for a session log, ahead of the scripted JSONL reader', () => {
    const t = readGeminiTrace(read(DEMO));
    expect(t.reader).toBe('session log');
    expect(t.errors).toEqual([]);
    expect(t.calls.map((c) => [c.tool, c.recorded, c.line])).toEqual([
      ['run_shell_command', 'ran', 4],
      ['run_shell_command', 'denied', 5],
      ['write_file', 'declined', 6],
      ['run_shell_command', 'ran', 10],
    ]);
    expect(readGeminiTrace('{"tool":"read_file","args":{"file_path":"a"}}\n').reader).toBe('script');
  });

  it('reads the legacy one-document .json log, each call at the line of its id', () => {
    const t = readGeminiSession(LEGACY, read(LEGACY));
    expect(t.diagnostics).toEqual([]);
    expect(t.calls.map((c) => [c.name, c.jsonPath, c.line])).toEqual([
      ['list_directory', 'messages[1].toolCalls[0]', 14],
      ['run_shell_command', 'messages[1].toolCalls[1]', 15],
    ]);
  });

  it('tells session logs from other JSON', () => {
    expect(isGeminiSession(read(DEMO))).toBe(true);
    expect(isGeminiSession(read(LEGACY))).toBe(true);
    expect(isGeminiSession('{"tool": "read_file"}\n')).toBe(false);
    expect(isGeminiSession('{"timestamp":"x","type":"session_meta","payload":{}}\n')).toBe(false);
  });

  it('a line that is not JSON is G020 at its line:col; the rest is still read', () => {
    const lines = read(DEMO).split('\n');
    lines.splice(2, 0, '{"id": "m9", "type": gemini}');
    const t = readGeminiSession('s.jsonl', lines.join('\n'));
    expect(t.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.column])).toEqual([
      ['G020', 3, 22],
    ]);
    expect(t.calls).toHaveLength(4);
  });

  it('a tool call Gemini would not have written is G021 naming the JSON path', () => {
    const text =
      '{"sessionId":"s","projectHash":"p"}\n{"id":"m1","type":"gemini","toolCalls":[{"id":"c1","name":"read_file","args":"README.md","status":"success"}]}\n';
    const t = readGeminiSession('s.jsonl', text);
    expect(t.diagnostics).toHaveLength(1);
    expect(t.diagnostics[0]).toMatchObject({
      code: 'G021',
      range: { start: { line: 2, column: 1 } },
    });
    expect(t.diagnostics[0]?.message).toContain('toolCalls[0].args');
  });

  it('a $set checkpoint replaces every message', () => {
    const text =
      read(DEMO) +
      '{"$set":{"messages":[{"id":"z","type":"gemini","toolCalls":[{"id":"k","name":"glob","args":{"pattern":"*"},"status":"success"}]}]}}\n';
    const t = readGeminiSession('s.jsonl', text);
    expect(t.calls.map((c) => [c.name, c.jsonPath, c.line])).toEqual([
      ['glob', '$set.messages[0].toolCalls[0]', 11],
    ]);
  });

  it('a log over the budget is G022 and read up to it', () => {
    const t = readGeminiSession('s.jsonl', read(DEMO), { chars: 1 << 20, lines: 4 });
    expect(t.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['G022', 5]]);
    expect(t.calls.map((c) => c.callId)).toEqual(['c1']);
  });

  it('each recorded call decided again, compared with what the log says', () => {
    const policy = `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ["npm test", "git status", "ls"]\ndecision = "allow"\npriority = 10\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 20\n`;
    const { rules } = loadGeminiPolicies([{ path: 'p.toml', text: policy, tier: 'user' }]);
    const t = readGeminiSession(DEMO, read(DEMO));
    expect(t.calls.map((c) => replayGeminiCall(rules, c).agreement)).toEqual([
      'differs', // c1: Gemini asked in the session; these policies allow npm test outright
      'agrees', // c2: denied by policy in the session and here
      'agrees', // c3: cancelled, and these policies ask for write_file
      'agrees', // c5: ran, and both parts are allowed
    ]);
  });
});
