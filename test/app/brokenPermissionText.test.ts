/**
 * review17 s2: editing a permission file's Source into text that does not parse keeps its last
 * good model (the graph, the Inspector), marked as not reading with the error's line:col, until
 * the text parses again — for Claude Code's JSON (C001), Codex's Starlark (K001) and Gemini's TOML
 * (G001) alike, as for a Pattern agent's TOML (F001). The text typed is kept.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createStudioStore } from '../../src/app/state/store.ts';
import { claudeRulesInOrder } from '../../src/core/graph/claudeGraph.ts';
import { diagnosticsOf, readingError, type AgentDoc } from '../../src/app/state/documents.ts';

const SETTINGS = `{
  "permissions": {
    "allow": [
      "Bash(npm run test:*)",
      "Bash(npm run lint)",
      "Read(src/**)"
    ],
    "deny": ["Read(./.env)", "WebFetch"]
  }
}
`;
const only = (store: ReturnType<typeof createStudioStore>) => store.getState().project.docs[0] as AgentDoc;

describe('a permission file edited into text that does not parse', () => {
  it('Claude Code: a missing comma keeps the five rules (not the one before the error) until the comma is back', () => {
    const store = createStudioStore();
    store.getState().importFile('settings.json', SETTINGS);
    const doc = only(store);
    expect(claudeRulesInOrder(doc.agent)).toHaveLength(5);
    const broken = SETTINGS.replace('"Bash(npm run test:*)",', '"Bash(npm run test:*)"');
    store.getState().setText(doc.id, broken);
    const now = only(store);
    expect(now.text).toBe(broken);
    expect(claudeRulesInOrder(now.agent)).toHaveLength(5);
    const error = readingError(now);
    expect(error?.code).toBe('C001');
    expect(error?.range.start).toEqual({ line: 5, column: 7 });
    expect(diagnosticsOf(now).textApplies).toBe(false);
    store.getState().setText(doc.id, broken.replace('"Bash(npm run test:*)"', '"Bash(npm run test:*)",').replace('"Read(src/**)"', '"Read(src/**)", "Edit(src/**)"'));
    expect(readingError(only(store))).toBeUndefined();
    expect(claudeRulesInOrder(only(store).agent)).toHaveLength(6);
  });

  it('Codex: a rule half typed keeps the rules, K001 at its place', () => {
    const store = createStudioStore();
    const rules = readFileSync(new URL('../../examples/codex-default.rules', import.meta.url), 'utf8');
    store.getState().importFile('default.rules', rules);
    const doc = only(store);
    const before = doc.agent.codexRules?.[0]?.text;
    store.getState().setText(doc.id, `prefix_rule(pattern = ["git", "reset"\n${rules}`);
    const now = only(store);
    expect(now.agent.codexRules?.[0]?.text).toBe(before);
    expect(readingError(now)?.code).toBe('K001');
    expect(now.text.startsWith('prefix_rule(pattern = ["git", "reset"\n')).toBe(true);
  });

  it('Gemini: a TOML error keeps the tables, G001 at its place', () => {
    const store = createStudioStore();
    const policy = '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 100\n';
    store.getState().importFile('policy.toml', policy);
    const doc = only(store);
    expect(doc.agent.family).toBe('gemini');
    store.getState().setText(doc.id, policy.replace('decision = "allow"', 'decision = "allow'));
    const now = only(store);
    expect(now.agent.geminiPolicies?.[0]?.text).toBe(policy);
    expect(readingError(now)?.code).toBe('G001');
  });
});
