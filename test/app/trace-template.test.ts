import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptedTemplate, templateTools } from '../../src/app/simulator/traceTemplate.ts';
import { traceProblems } from '../../src/app/simulator/traceEditorModel.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import type { RuleDoc } from '../../src/app/state/documents.ts';

/** The documents of an example file, as the studio reads them. */
function docsOf(file: string): RuleDoc[] {
  const studio = createStudioStore();
  studio.getState().importFile(file, readFileSync(`examples/${file}`, 'utf8'));
  return studio.getState().project.docs;
}
const agentOf = (file: string) => {
  const d = docsOf(file).find((x) => x.kind === 'agent');
  if (d?.kind !== 'agent') throw new Error(`no agent in ${file}`);
  return d.agent;
};

describe('the new scripted trace is built from what is simulated', () => {
  it('calls the agent’s own start tool, a middle tool and the tool that ends the loop', () => {
    const agent = agentOf('etl-pipeline.toml');
    const tools = templateTools(agent);
    expect(tools.start).toBe('connect_db');
    expect(tools.exit).toBe('send_message');
    expect(agent.tools.map((t) => t.name)).toContain(tools.middle);
    expect([tools.start, tools.exit]).not.toContain(tools.middle);
    const text = scriptedTemplate({ agent });
    // the engine calls the StartConstraint tool before the first event: named, not called twice
    expect(text).toContain('  # connect_db runs by itself first (StartConstraint)\n');
    expect(text).not.toContain('call: connect_db');
    expect(text).toContain(`  - call: ${tools.middle}\n`);
    expect(text).toContain('  - call: send_message\n');
    expect(text).not.toMatch(/load_data|validate/); // the old made-up tools
    expect(traceProblems({ name: 'scenario.yaml', text })).toEqual([]);
  });

  it('uses an agent without rules as it is: first tool, one in the middle, the last', () => {
    const text = scriptedTemplate({ agent: { name: 'a', tools: [{ name: 'a1' }, { name: 'a2' }, { name: 'a3' }], rules: [] } });
    expect(text.match(/call: \w+/g)).toEqual(['call: a1', 'call: a2', 'call: a3']);
  });

  it('walks a workflow from its start phase along the first transitions to done', () => {
    const wf = docsOf('hegel-minimal.yaml').find((d) => d.kind === 'workflow');
    if (wf?.kind !== 'workflow') throw new Error('no workflow');
    const text = scriptedTemplate({ workflow: wf.workflow });
    expect(text).toContain('  - workflow_start: true\n');
    expect(text.match(/next: \[\w+\]/g)).toEqual(['next: [spec_complete]', 'next: [plan_complete]']);
    expect(traceProblems({ name: 'scenario.yaml', text })).toEqual([]);
  });

  it('with nothing chosen, still gives a trace that reads', () => {
    expect(traceProblems({ name: 'scenario.yaml', text: scriptedTemplate({}) })).toEqual([]);
  });
});
