/**
 * Pattern's own agent files (orual/pattern, `bsky_agent/agents/*.toml`), read from
 * `$RULE_STUDIO_UPSTREAM/orual-pattern` (default `../shared/upstream`) when present. Nothing
 * fetched is committed; without the directory this test is skipped with the reason printed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../src/core/codecs/parse/toml.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { applyTextEdits } from '../../src/core/diagnostics/textEdits.ts';

const root = resolve(process.env['RULE_STUDIO_UPSTREAM'] ?? '../shared/upstream', 'orual-pattern');
const dir = join(root, 'bsky_agent', 'agents');
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.toml')) : [];
if (files.length === 0) console.warn(`skipped: no Pattern agent files in ${dir} (set RULE_STUDIO_UPSTREAM to a directory holding orual-pattern/)`);

describe.skipIf(files.length === 0)('orual/pattern bsky_agent/agents/*.toml', () => {
  it.each(files)('%s reads as the one agent Pattern loads, and its F011 fix moves every ignored rule', (f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    const raw = parseToml(text).value as { name: string; agent?: { tool_rules?: unknown[] } };
    const loaded = loadRuleFile(f, text);
    expect(loaded.agents.map((a) => a.name)).toEqual([raw.name]);
    const ignored = raw.agent?.tool_rules?.length ?? 0;
    const f011 = loaded.diagnostics.filter((d) => d.code === 'F011');
    expect(f011).toHaveLength(ignored > 0 ? 1 : 0);
    if (ignored === 0) return;
    const fixed = loadRuleFile(f, applyTextEdits(text, f011[0]?.fix?.edits ?? []));
    expect(fixed.agents[0]?.rules).toHaveLength(ignored);
    expect(fixed.diagnostics.filter((d) => d.code === 'F011' || d.severity === 'error')).toEqual([]);
  });
});
