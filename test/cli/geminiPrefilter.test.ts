/**
 * The Gemini policy check's shortcut (`firstKeyIsNotGemini`, src/cli/commands/geminiInputs.ts): a
 * text it calls surely not a policy is never one by `looksLikeGeminiPolicy`, which parses it, and
 * the examples' Pattern agent files take the shortcut (so `simulate` parses them once).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstKeyIsNotGemini } from '../../src/cli/commands/geminiInputs.ts';
import { looksLikeGeminiPolicy } from '../../src/core/permissions/gemini/index.ts';
import { prng } from '../../bench/random.ts';

const tomlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tomlFiles(join(dir, e.name)) : e.name.endsWith('.toml') ? [join(dir, e.name)] : [],
  );

/** Lines that make first keys of every shape, valid TOML or not. */
const LINES = [
  '', '# a comment', '  # indented comment', '\t', '[[rule]]', '[ [rule] ]', '[[ rule ]]', '[rule]', '[ rule ]', '[[safety_checker]]',
  'rule = []', 'rule.toolName = "x"', 'rule=1', '"rule" = 1', "'rule' = 1", '[[agents]]', '[agents]', '[agents.a]', '[ agents . a ]',
  'agents = []', 'name = "a"', 'name="a"', 'name.x = 1', 'x-y_1 = 2', '[[tools]]', 'toolName = "run_shell_command"', 'decision = "allow"',
  'priority = 100', '= 1', '[', '[[', ']]', 'rule', 'rules = 1', 'safety_checker_x = 1', '"name" = 1', '\uFEFFname = 1', 'a b = 1',
  '[x]\n[[rule]]', 'x = """\n[[rule]]\n"""', "x = '''\n[[ rule ]]'''", 'x = 1 # [[rule]]', '\r', 'k = "v"\r',
];

describe('firstKeyIsNotGemini', () => {
  it('says "not a policy" only of texts looksLikeGeminiPolicy rejects (random line mixes)', () => {
    const rnd = prng(28);
    let shortcuts = 0;
    for (let n = 0; n < 4000; n++) {
      const count = 1 + Math.floor(rnd() * 5);
      const lines = Array.from({ length: count }, () => LINES[Math.floor(rnd() * LINES.length)] as string);
      const text = lines.join(rnd() < 0.2 ? '\r\n' : '\n');
      if (!firstKeyIsNotGemini(text)) continue;
      shortcuts++;
      expect(looksLikeGeminiPolicy(text), JSON.stringify(text)).toBe(false);
    }
    expect(shortcuts).toBeGreaterThan(500);
  });

  it('takes the shortcut on the Pattern agent examples and never on the Gemini policies', () => {
    const files = tomlFiles('examples');
    const gemini = files.filter((f) => f.includes('gemini-policies'));
    const others = files.filter((f) => !f.includes('gemini-policies'));
    expect(gemini.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const f of gemini) expect(firstKeyIsNotGemini(readFileSync(f, 'utf8')), f).toBe(false);
    for (const f of others) {
      const text = readFileSync(f, 'utf8');
      expect(firstKeyIsNotGemini(text), f).toBe(!looksLikeGeminiPolicy(text));
    }
  });
});
