/**
 * Review 15, item 3: a Claude Code settings file with a trailing comma, imported as `settings.json`,
 * got only "F001 JSON syntax error: Unexpected token ']'" in the studio while the CLI, given it at
 * `.claude/settings.json`, said "C001 Claude Code ignores the whole file: it is not strict JSON (a
 * trailing comma at 3:26…)". The loader now reads such a text as Claude Code settings whatever its
 * name, so both say C001 at its line and column, from the same check, and the text is kept.
 */
import { describe, expect, it } from 'vitest';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { checkFiles } from '../../src/core/check.ts';
import { readImport } from '../../src/app/persistence/importReading.ts';
import { runCli } from '../cli/harness.ts';

/** The review's file (/tmp/r15/cli/bad-settings.json). */
const BAD = '{\n  "permissions": {\n    "allow": ["Bash(ls)",],\n  }\n}\n';

const codes = (name: string, text: string) => checkFiles([loadRuleFile(name, text)]).map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column}`);

describe('a broken Claude Code settings file (review 15, item 3)', () => {
  it('is C001 at the trailing comma under any name, never F001', () => {
    expect(codes('settings.json', BAD)).toEqual(['C001 3:26']);
    expect(codes('.claude/settings.json', BAD)).toEqual(['C001 3:26']);
    const [d] = checkFiles([loadRuleFile('settings.json', BAD)]);
    expect(d?.message).toContain('Claude Code ignores the whole file: it is not strict JSON (a trailing comma at 3:');
  });

  it('imported in the studio, it is a Claude Code document holding the text as typed', () => {
    const r = readImport('settings.json', BAD);
    expect(r.kind).toBe('docs');
    if (r.kind !== 'docs') return;
    const [doc] = r.docs;
    expect(doc?.kind === 'agent' ? doc.agent.family : undefined).toBe('claude');
    expect(doc?.text).toBe(BAD);
  });

  it('the CLI says the same of it', async () => {
    const r = await runCli(['check', 'settings.json'], { 'settings.json': BAD });
    expect(r.stdout + r.stderr).toContain('C001');
    expect(r.stdout + r.stderr).not.toContain('F001');
  });

  it('other broken JSON keeps F001', () => {
    expect(codes('agent.json', '{"agents": [,]}')).toEqual(['F001 1:13']);
    expect(codes('x.json', '{"permissions": 3,}')).toEqual(expect.arrayContaining([expect.stringMatching(/^F001/)]));
  });
});
