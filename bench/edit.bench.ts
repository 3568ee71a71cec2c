/**
 * Graph and Inspector edits of a big agent (issue 9.3), 30,000 rules: what the page's main thread
 * does per edit — the edit, the pending document (`withAgent` with the edit worker installed), the
 * delta sent to the worker (serialised as `postMessage` would), the patched graph and the capped
 * view around the edited tool — against the target of 50 ms; what the edit worker does (the
 * text rewrite) and what the reading worker then does (read, check, project the new text); and
 * the main-thread path this replaced (the rewrite and a full projection in place). CPU time,
 * median of runs.
 */
import { serialize } from 'node:v8';
import {
  docsFromFile,
  diagnosticsOf,
  setOffThreadWriter,
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
import { createTextWriter } from '../src/worker/editService.ts';
import type { Agent } from '../src/core/model/toolRules.ts';
import { bigAgentToml } from '../test/support/bigAgent.ts';
import { cpuMs } from './measure.ts';

export interface EditFigures {
  name: string;
  /** The page's main thread per edit. */
  pageMs: number;
  /** The edit worker: the text rewrite (first edit: it reads the text first). */
  writeMs: number;
  /** The reading worker: read, check and project the written text. */
  checkMs: number;
  /** The path replaced: rewrite and full projection on the main thread. */
  inPlaceMs: number;
  runs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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
  return edits.map(({ name, edit, centre }) => {
    const page: number[] = [];
    const write: number[] = [];
    const check: number[] = [];
    const inPlace: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const writeText = createTextWriter();
      const removeWriter = setOffThreadWriter();
      const p = cpuMs(() => {
        const pending = withAgent(doc, edit(doc.agent));
        const delta = agentDelta(doc.agent, pending.agent);
        serialize({
          docId: doc.id,
          fileName: doc.fileName,
          baseText: doc.text,
          baseName: doc.agent.name,
          delta,
        });
        const patched = patchToolGraph(graph, doc.agent, pending.agent)!;
        neighbourhood(patched, centre);
        return { pending, delta };
      });
      removeWriter();
      const w = cpuMs(() =>
        writeText({
          kind: 'agent',
          docId: doc.id,
          fileName: doc.fileName,
          baseText: doc.text,
          baseName: doc.agent.name,
          delta: p.value.delta,
        }),
      );
      const written = (w.value as unknown as { text: string }).text;
      const c = cpuMs(() => {
        const r = readDocText('agent', 'big.toml', written, 'big');
        if (!r.ok) throw new Error('the written text does not read');
        const d = diagnosticsOfReading({ ...doc, text: written, agent: r.model as Agent }, r);
        return toolGraph(r.model as Agent, d.diagnostics);
      });
      const old = cpuMs(() => toolGraph(withAgent(doc, edit(doc.agent)).agent, []));
      if (run === 0) continue; // warm-up
      page.push(p.ms);
      write.push(w.ms);
      check.push(c.ms);
      inPlace.push(old.ms);
    }
    return {
      name,
      pageMs: median(page),
      writeMs: median(write),
      checkMs: median(check),
      inPlaceMs: median(inPlace),
      runs,
    };
  });
}
