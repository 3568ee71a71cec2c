/**
 * Graph and Inspector edits of a big agent (issue 9.3), 30,000 rules: what the page's main thread
 * does per edit — the edit, the pending document (`withAgent` with the edit worker installed), the
 * delta sent to the worker (serialised as `postMessage` would), the patched graph and the capped
 * view around the edited tool — against the target of 50 ms; what the edit worker does (the
 * text rewrite) and what the reading worker then does (read, check, project the new text); and
 * the main-thread path this replaced (the rewrite and a full projection in place). CPU time,
 * median of runs.
 */
import '../src/app/state/codecsEager.ts';
import {
  docsFromFile,
  diagnosticsOf,
  withAgent,
  readDocText,
  diagnosticsOfReading,
  type AgentDoc,
} from '../src/app/state/documents.ts';
import { toolGraph } from '../src/core/graph/toolGraph.ts';
import { patchToolGraph } from '../src/core/graph/toolGraphPatch.ts';
import { neighbourhood } from '../src/app/graph/neighbourhood.ts';
import { agentDelta } from '../src/core/model/agentDelta.ts';
import { addPrecedingEdge, updateRule } from '../src/core/graph/agentEdits.ts';
import type { Agent } from '../src/core/model/toolRules.ts';
import { bigAgentToml } from '../test/support/bigAgent.ts';
import { timeEdit, type EditFigures } from './editTiming.ts';


export function benchEdit(rules = 30_000, runs = 3): EditFigures[] {
  const text = bigAgentToml(rules);
  const doc = docsFromFile('big.toml', text).docs[0] as AgentDoc;
  const graph = toolGraph(doc.agent, diagnosticsOf(doc).diagnostics);
  const maxCalls = doc.agent.rules.findIndex((r) => r.rule_type.type === 'MaxCalls');
  const edits: { name: string; edit: (a: Agent) => Agent; centre: string }[] = [
    {
      name: 'Inspector: a MaxCalls value',
      edit: (a) =>
        updateRule(a, maxCalls, (r) => ({ ...r, rule_type: { type: 'MaxCalls', value: 77 } })),
      centre: doc.agent.rules[maxCalls]!.tool_name,
    },
    {
      name: 'graph: an edge drawn (a new rule)',
      edit: (a) => addPrecedingEdge(a, 'tool_02998', 'tool_00001').agent,
      centre: 'tool_00001',
    },
    {
      name: 'graph: a rule deleted mid-file',
      edit: (a) => ({ ...a, rules: a.rules.filter((_, i) => i !== Math.floor(rules / 2)) }),
      centre: doc.agent.rules[Math.floor(rules / 2)]!.tool_name,
    },
  ];
  return edits.map(({ name, edit, centre }) =>
    timeEdit(
      {
        name,
        page: () => {
          const pending = withAgent(doc, edit(doc.agent));
          const delta = agentDelta(doc.agent, pending.agent);
          neighbourhood(patchToolGraph(graph, doc.agent, pending.agent)!, centre);
          return { kind: 'agent', docId: doc.id, fileName: doc.fileName, baseText: doc.text, baseName: doc.agent.name, delta };
        },
        check: (written) => {
          const r = readDocText('agent', 'big.toml', written, 'big');
          if (!r.ok) throw new Error('the written text does not read');
          const d = diagnosticsOfReading({ ...doc, text: written, agent: r.model as Agent }, r);
          toolGraph(r.model as Agent, d.diagnostics);
        },
        inPlace: () => toolGraph(withAgent(doc, edit(doc.agent)).agent, []),
      },
      runs,
    ),
  );
}
