/**
 * The server's diagnostics are `check`'s, for every family (Pattern TOML and JSON, hegel YAML,
 * Letta .af, Claude Code settings), and verify's run later, once per burst of changes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFiles } from '../../../src/core/check.ts';
import { loadRuleFile } from '../../../src/core/codecs/load.ts';
import type { Diagnostic } from '../../../src/core/diagnostics/types.ts';
import { analyse } from '../../../src/cli/lsp/analyse.ts';
import { verifyFiles } from '../../../src/core/verify/explore.ts';
import { VerifyScheduler } from '../../../src/cli/lsp/verifyLater.ts';

const codesAndRanges = (list: readonly Diagnostic[]) =>
  list
    .map(
      (d) =>
        `${d.code} ${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}`,
    )
    .sort();
const viaServer = (path: string, text: string) => analyse(pathToFileURL(path).href, text);
const viaCheck = (path: string, text: string) => checkFiles([loadRuleFile(path, text)]);

const LETTA = readFileSync('examples/letta-refund-agent.af', 'utf8');
const CASES: Record<string, string> = {
  '/p/agent.json': JSON.stringify(
    {
      agents: [
        {
          name: 'j',
          tools: ['a', 'b'],
          tool_rules: [
            { tool_name: 'a', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['b'] },
            { tool_name: 'b', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['a'] },
          ],
        },
      ],
    },
    null,
    2,
  ),
  '/p/refund.af': LETTA.replace('"max_count_limit": 1', '"max_count_limit": 0').replace(
    '{ "tool_name": "send_message", "type": "exit_loop" }',
    '{ "tool_name": "send_mesage", "type": "exit_loop" }',
  ),
  '/p/.claude/settings.json': JSON.stringify(
    { permissions: { allow: ['Bash', 'Raed(*)'], deny: ['Bash(rm *)'] } },
    null,
    2,
  ),
  '/p/.claude/settings.local.json': '{ "permissions": { "allow": ["Bash(ls)",] } }',
};

describe('lsp diagnostics are check diagnostics', () => {
  for (const name of readdirSync('examples').filter((n) => /\.(toml|yaml|af|json)$/.test(n)))
    it(`examples/${name}`, () => {
      const path = join('examples', name);
      const text = readFileSync(path, 'utf8');
      const check = viaCheck(path, text);
      expect(codesAndRanges(viaServer(path, text).diagnostics)).toEqual(
        check.some((d) => d.code === 'F003') ? [] : codesAndRanges(check),
      );
    });

  for (const [path, text] of Object.entries(CASES))
    it(`${path}: the same findings as check, and some`, () => {
      const got = viaServer(path, text).diagnostics;
      expect(got.length).toBeGreaterThan(0);
      expect(codesAndRanges(got)).toEqual(codesAndRanges(viaCheck(path, text)));
    });

  it('a JSON Pattern agent gets T001, a Claude settings file C030 and C010, a non-strict one C001', () => {
    const codes = (path: string) => viaServer(path, CASES[path]!).diagnostics.map((d) => d.code);
    expect(codes('/p/agent.json')).toContain('T001');
    expect(codes('/p/.claude/settings.json')).toEqual(expect.arrayContaining(['C030', 'C010']));
    expect(codes('/p/.claude/settings.local.json')).toContain('C001');
  });

  it('follows the profile, as check --profile does (W006 is a warning under hegel)', () => {
    const text =
      'start_node: a\nnodes:\n  a:\n    prompt: p\n    rules:\n      - type: phase_timeout\n        max_duration: 0\n    transitions:\n      - when: x\n        to: done\n';
    const severity = (profile: 'spec' | 'hegel') =>
      analyse('file:///p/w.yaml', text, profile).diagnostics.find((d) => d.code === 'W006')
        ?.severity;
    expect(severity('spec')).toBe('error');
    expect(severity('hegel')).toBe('warning');
  });

  it('an ordinary YAML or TOML file is not flagged (not a rule file)', () => {
    expect(viaServer('/p/.pre-commit-config.yaml', 'repos: []\n').diagnostics).toEqual([]);
    expect(viaServer('/p/pyproject.toml', '[project]\nname = "x"\n').diagnostics).toEqual([]);
  });
});

describe('VerifyScheduler', () => {
  const deadlock = loadRuleFile(
    'examples/release-deadlock.toml',
    readFileSync('examples/release-deadlock.toml', 'utf8'),
  );
  const options = { debounceMs: 20, budgetMs: 5000, maxStates: 20_000 };

  it('verifies once per burst of changes, after the quiet time', async () => {
    const published: string[][] = [];
    const s = new VerifyScheduler(
      (_uri, found) => published.push(found.map((d) => d.code)),
      options,
    );
    for (let i = 0; i < 5; i++) s.schedule('u', deadlock, []);
    expect(published).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    // verify's findings on the file, as `rule-studio verify` gives them (the deadlock among them).
    expect(published).toEqual([verifyFiles([deadlock]).diagnostics.map((d) => d.code)]);
    expect(published[0]).toContain('V001');
  });

  it('does not verify a file with errors (verify refuses it too) or a closed one', async () => {
    const published: unknown[] = [];
    const s = new VerifyScheduler((_uri, found) => published.push(found), options);
    const error: Diagnostic = {
      code: 'T001',
      severity: 'error',
      message: 'x',
      file: 'f',
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
      target: { kind: 'file' },
    };
    s.schedule('a', deadlock, [error]);
    s.schedule('b', deadlock, []);
    s.forget('b');
    await new Promise((r) => setTimeout(r, 300));
    expect(published).toEqual([]);
  });

  it('stops at the time budget and says where the search stopped (V006)', async () => {
    const published: string[][] = [];
    const s = new VerifyScheduler((_uri, found) => published.push(found.map((d) => d.code)), {
      debounceMs: 0,
      budgetMs: 0,
      maxStates: 20_000,
    });
    s.schedule('u', deadlock, []);
    await new Promise((r) => setTimeout(r, 300));
    expect(published).toHaveLength(1);
    expect(published[0]).toContain('V006');
    expect(verifyFiles([deadlock]).diagnostics.map((d) => d.code)).not.toContain('V006');
  });
});
