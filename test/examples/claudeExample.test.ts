/**
 * The gallery's Claude Code example (issue 23, item 2): `examples/claude-code-settings.json` makes
 * each classic mistake it was written for give its diagnostic; its walk-through transcript
 * (`examples/traces/claude-code-session.jsonl`, written for the gallery) replays under profile
 * `claude` with the user's rejection of `npm test && npm run build` reported against the rules;
 * and its rule-set tests (`claude-code-settings.test.yaml`) pass through `rule-studio test`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkLoadedFile } from '../../src/core/check.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { exampleInfo } from '../../src/app/dialogs/exampleInfo.ts';
import { runCli, runRealCli } from '../cli/harness.ts';

const SETTINGS = 'examples/claude-code-settings.json';
const TRACE = 'examples/traces/claude-code-session.jsonl';
const text = () => readFileSync(SETTINGS, 'utf8');

describe('the Claude Code example', () => {
  it('gives one diagnostic per classic mistake, at the rule', () => {
    const file = loadRuleFile('claude-code-settings.json', text());
    expect(file.agents[0]?.family).toBe('claude');
    const ds = checkLoadedFile(file)
      .map((d) => `${d.code} ${d.range.start.line}`)
      .sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1]));
    expect(ds).toEqual([
      'C021 10', // allow Bash(git push origin feature/*) swallowed by deny Bash(git push *)
      'C030 11', // Bash(python:*)
      'C030 12', // Bash(curl *)
      'C030 13', // bare Bash
      'C011 14', // Write(docs/**) never consulted
      'C022 26', // Read(./.env): `cat ./.env` in Bash still reads it
      'C022 27', // Read(./.env.*)
      'C012 28', // Read(/Users/alex/.ssh/**): one leading / is the project root
      'C012 29', // Edit(/Users/alex/.aws/**)
    ]);
  });

  it('has a gallery description (JSON has no comment to take it from)', () => {
    expect(exampleInfo({ name: 'claude-code-settings.json', text: text() }).description).toMatch(/^A project’s \.claude\/settings\.json with the classic mistakes/);
  });

  it('replays its walk-through session: the rejected compound command is what the bare Bash allow would let through', async () => {
    const r = await runCli(['simulate', 'claude-code-settings.json', '--trace', 'session.jsonl'], {
      'claude-code-settings.json': text(),
      'session.jsonl': readFileSync(TRACE, 'utf8'),
    });
    const decisions = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; tool: string });
    expect(decisions.map((d) => `${d.kind} ${d.tool}`)).toEqual([
      'allowed Grep',
      'allowed Read',
      'allowed Edit',
      'allowed Bash',
      'allowed Bash',
      'allowed Bash',
      'allowed Write',
      'allowed mcp__github__get_issue',
    ]);
    expect(r.stderr).toContain('8 calls: 7 agree');
    expect(r.stderr).toContain('event 8 Bash (toolu_01ExampleShopApi0004): the rules allow it without a prompt, but the user rejected it');
  });

  it('its rule-set tests (per-call expectations, with the deciding rule) pass', async () => {
    const r = await runRealCli(['test', 'examples/claude-code-settings.test.yaml']);
    expect(r.stdout).toContain('4 tests in 1 file: 4 passed');
    expect(r.code).toBe(0);
  });
});
