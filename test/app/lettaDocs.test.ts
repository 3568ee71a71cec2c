import { describe, expect, it } from 'vitest';
import { createStudioStore } from '../../src/app/state/store.ts';
import { diagnosticsOf, type AgentDoc } from '../../src/app/state/documents.ts';
import { readImport } from '../../src/app/persistence/importReading.ts';
import { exportFileName } from '../../src/app/persistence/exportNames.ts';
import { addChildEdge } from '../../src/core/graph/lettaEdits.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import { OUTREACH_AF, TWO_AGENTS_AF } from '../codecs-letta/fixtures.ts';

const agentDocs = (store: ReturnType<typeof createStudioStore>) => store.getState().project.docs.filter((d): d is AgentDoc => d.kind === 'agent');

describe('Letta agent files in the studio', () => {
  it('imports an .af with two agents as two documents that each hold the whole file', () => {
    const store = createStudioStore();
    expect(store.getState().importFile('evie.af', TWO_AGENTS_AF)).toBe(2);
    const docs = agentDocs(store);
    expect(docs.map((d) => [d.agent.name, d.fileName, d.text === TWO_AGENTS_AF])).toEqual([
      ['Evie', 'evie.af', true],
      ['Evie-sleeptime', 'evie.af', true],
    ]);
    expect(exportFileName(docs[1]!)).toBe('evie.af');
  });

  it('draws an edge on the second agent: its rules change in the text, the rest of the file and the other agent do not', () => {
    const store = createStudioStore();
    store.getState().importFile('evie.af', TWO_AGENTS_AF);
    const doc = agentDocs(store)[1]!;
    store.getState().editAgent(doc.id, (a) => addChildEdge(a, 'memory_insert', 'memory_finish_edits').agent);
    const after = agentDocs(store)[1]!;
    const again = loadRuleFile('evie.af', after.text).agents;
    expect(again[1]?.lettaRules?.[2]).toEqual({ tool_name: 'memory_insert', type: 'constrain_child_tools', children: ['memory_finish_edits'] });
    expect(again[0]).toEqual(agentDocs(store)[0]!.agent);
    expect(after.agent).toEqual(again[1]);
    // typing in the Source pane keeps the document on its own agent
    store.getState().setText(after.id, after.text.replace('"exit_loop"', '"continue_loop"'));
    expect(agentDocs(store)[1]!.agent.name).toBe('Evie-sleeptime');
    expect(agentDocs(store)[1]!.agent.lettaRules?.[1]?.type).toBe('continue_loop');
  });

  it('shows each document only its own agent’s problems', () => {
    const broken = TWO_AGENTS_AF.replace('"tool_rules": null', '"tool_rules": [{ "tool_name": "send_message", "type": "constrain_child_tools", "children": ["nope"] }]');
    const store = createStudioStore();
    store.getState().importFile('evie.af', broken);
    const [evie, sleep] = agentDocs(store);
    expect(diagnosticsOf(evie!).diagnostics.map((d) => d.code)).toContain('L001');
    expect(diagnosticsOf(sleep!).diagnostics.map((d) => d.code)).not.toContain('L001');
  });

  it('names pasted Letta agents as JSON, not TOML', () => {
    const r = readImport(undefined, OUTREACH_AF);
    expect(r.kind === 'docs' && r.docs.map((d) => d.fileName)).toEqual(['outreach.json']);
  });
});
