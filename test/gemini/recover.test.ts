/**
 * A Gemini policy file that is not valid TOML, as the studio's graph and Inspector read it
 * (review 13, item 2): the tables that read are kept, each with its number in the file, while the
 * load still says Gemini skips the file (G001). Without `recover` (the CLI, Problems), unchanged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGeminiPolicies } from '../../src/core/permissions/gemini/policy.ts';
import { geminiRuleRows } from '../../src/core/permissions/gemini/policyReport.ts';

const DEV = readFileSync('examples/gemini-policies/user/dev.toml', 'utf8');
const file = (text: string) => [{ path: 'user/dev.toml', text, tier: 'user' as const }];
const tables = (text: string) => geminiRuleRows(file(text)).map((r) => `${r.table + 1} ${r.tools.join(',')}:${r.line}`);

describe('reading what reads of a Gemini policy file', () => {
  it('a table half-typed at the end: the six tables before it are kept (the review\'s steps)', () => {
    const text = `${DEV}\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ["git reset", `;
    expect(tables(text)).toEqual(tables(DEV));
    expect(tables(DEV)).toHaveLength(6);
    const strict = loadGeminiPolicies(file(text));
    expect(strict.refusedFiles).toEqual(['user/dev.toml']);
    expect(strict.rules).toEqual([]);
    expect(strict.diagnostics.map((d) => d.code)).toEqual(['G001']);
    expect(loadGeminiPolicies(file(text), { recover: true }).refusedFiles).toEqual(['user/dev.toml']);
  });

  it('a broken table in the middle: the others keep their numbers in the file', () => {
    const text = '[[rule]]\ntoolName = "a"\ndecision = "allow"\npriority = 1\n\n[[rule]]\ntoolName = "b\ndecision = "allow"\n\n[[rule]]\ntoolName = "c"\ndecision = "deny"\npriority = 1\n';
    expect(tables(text)).toEqual(['1 a:1', '3 c:10']);
  });

  it('an unclosed array that runs into the next table: that table is kept', () => {
    const text = '[[rule]]\ntoolName = "a"\ndecision = "allow"\ncommandPrefix = ["x",\n[[rule]]\ntoolName = "c"\ndecision = "deny"\npriority = 1\n';
    expect(tables(text)).toEqual(['2 c:5']);
  });

  it('an error outside any [[rule]] table reads nothing, as before', () => {
    expect(tables('x = [\n[[rule]]\ntoolName = "a"\ndecision = "allow"\n')).toEqual([]);
  });
});
