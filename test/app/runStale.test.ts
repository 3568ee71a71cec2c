/** A finished run knows when the rules or the trace it replayed were edited since (review11, item 4). */
import { describe, expect, it } from 'vitest';
import { staleBy } from '../../src/app/simulator/runStale.ts';
import type { RunInfo } from '../../src/app/simulator/simulationStore.ts';
import type { ProjectData } from '../../src/app/state/store.ts';
import { DecisionLog } from '../../src/app/simulator/decisionLog.ts';
import { defaultSettings } from '../../src/app/simulator/settingsForm.ts';

const project = (agentText: string, traceText = 'steps: []\n'): ProjectData => ({
  id: 'p',
  name: 'p',
  docs: [{ kind: 'agent', id: 'a', fileName: 'a.toml', text: agentText, layout: {}, agent: { name: 'a', tools: [], rules: [] } }],
  traces: [{ id: 't', name: 't.yaml', text: traceText }],
});
const run = (over: Partial<RunInfo> = {}): RunInfo => ({
  id: 'r',
  log: new DecisionLog(() => Promise.resolve({ decisions: [], calls: [] })),
  status: 'done',
  traceIds: ['t'],
  traceNames: ['t.yaml'],
  traceText: 'steps: []\n',
  agentDocId: 'a',
  ruleTexts: ['name = "a"\n'],
  settings: defaultSettings(),
  items: 0,
  events: 0,
  startedAt: 0,
  ...over,
});

describe('staleBy', () => {
  it('is nothing while the rules and the trace are the ones replayed', () => {
    expect(staleBy(project('name = "a"\n'), run())).toBeUndefined();
    expect(staleBy(project('name = "a"\n'), undefined)).toBeUndefined();
  });
  it('says the rules changed after an edit of a rule file, or when one is gone', () => {
    expect(staleBy(project('name = "a"\n# MaxCalls removed\n'), run())).toBe('rules');
    expect(staleBy({ ...project(''), docs: [] }, run())).toBe('rules');
  });
  it('says the trace changed after an edit of the trace', () => {
    expect(staleBy(project('name = "a"\n', 'steps:\n  - call: load\n'), run())).toBe('trace');
  });
  it('says nothing while the run is still running', () => {
    expect(staleBy(project('changed\n'), run({ status: 'running' }))).toBeUndefined();
  });
});
