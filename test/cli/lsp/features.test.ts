/** Hover, completion and go-to-definition on workflow YAML and agent files, without a client. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyse } from '../../../src/cli/lsp/analyse.ts';
import { completionsAt } from '../../../src/cli/lsp/completion.ts';
import { definitionAt } from '../../../src/cli/lsp/definition.ts';
import { hoverAt } from '../../../src/cli/lsp/hover.ts';

const hegel = analyse(
  'file:///p/hegel-execution.yaml',
  readFileSync('examples/hegel-execution.yaml', 'utf8'),
).loaded;
const yamlAgentText = [
  'agents:',
  '  - name: y',
  '    tools: [fetch, "save"]',
  '    tool_rules:',
  '      - tool_name: save',
  '        rule_type: { type: MaxCalls, value: 2 }',
  '',
].join('\n');
const yamlAgent = analyse('file:///p/agent.yaml', yamlAgentText).loaded;

describe('lsp features', () => {
  it('hovers a workflow rule with its friendly name and what it does', () => {
    // examples/hegel-execution.yaml line 19: `      - type: require_commits`
    const h = hoverAt(hegel, 18, 16);
    expect((h?.contents as { value: string }).value).toBe(
      '**Require commits · require_commits**\n\nFires when there is no commit in the last 2 phases (a rule of phase `plan`).',
    );
  });

  it('gives no hover outside rules', () => {
    expect(hoverAt(hegel, 0, 0)).toBeNull();
  });

  it('completes workflow rule types first, and workflow fields, in a workflow', () => {
    const types = completionsAt(hegel, '      - type: ').map((c) => c.label);
    expect(types.slice(0, 5)).toEqual([
      'repeated_command',
      'repeated_file_edit',
      'phase_timeout',
      'token_budget',
      'require_commits',
    ]);
    expect(completionsAt(hegel, '        ').map((c) => c.label)).toContain('lookback_phases');
    expect(completionsAt(hegel, '        ').map((c) => c.label)).not.toContain('tool_name');
  });

  it('completes tool names in a YAML agent, and nothing inside a free text value', () => {
    expect(completionsAt(yamlAgent, '      - tool_name: ').map((c) => c.label)).toEqual([
      'fetch',
      'save',
    ]);
    expect(completionsAt(yamlAgent, '    system_prompt: "Be ')).toEqual([]);
  });

  it("goes from a YAML rule to its tool's declaration, plain or quoted", () => {
    const doc = TextDocument.create('file:///p/agent.yaml', 'yaml', 1, yamlAgentText);
    const loc = definitionAt(yamlAgent, doc, 4, 20);
    expect(loc?.range).toEqual({
      start: { line: 2, character: 20 },
      end: { line: 2, character: 24 },
    });
    expect(definitionAt(yamlAgent, doc, 0, 0)).toBeNull();
  });
});
