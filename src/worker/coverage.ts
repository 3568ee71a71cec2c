/**
 * Coverage across a project's traces: each trace replayed on its own (they are separate
 * conversations) and summarised together, so `neverFired` lists the rules no trace exercised.
 */
import { loadRuleFile } from '../core/codecs/load.ts';
import { replayItems } from '../core/engine/replay.ts';
import { prepareSimulation } from '../core/simulate.ts';
import { summarize } from '../core/simulator/summary.ts';
import { readTrace } from '../core/traces/index.ts';
import { SimulationRequest, type CoverageResult } from './protocol.ts';

/** Replays every trace of the request separately and summarises the streams together. */
export async function runCoverage(raw: SimulationRequest): Promise<CoverageResult> {
  const parsed = SimulationRequest.safeParse(raw);
  if (!parsed.success) return { status: 'invalid', diagnostics: [], message: `Malformed coverage request: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  const req = parsed.data;
  const files = req.ruleFiles.map((f) => loadRuleFile(f.name, f.text));
  const prepared = prepareSimulation(files, {
    ...(req.settings.agent !== undefined ? { agentName: req.settings.agent } : {}),
    profile: req.settings.profile,
    errorOnEmpty: req.settings.errorOnEmpty === true,
  });
  if (!prepared.runnable) return { status: 'invalid', diagnostics: prepared.diagnostics, message: 'The rule files cannot be read, so the traces were not replayed.' };
  const config = {
    ...(prepared.agent ? { agent: prepared.agent } : {}),
    ...(prepared.workflow ? { workflow: prepared.workflow } : {}),
    settings: req.settings,
  };
  const streams = [];
  for (const t of req.traces) {
    const text = 'text' in t ? t.text : await t.blob.text();
    streams.push(replayItems(readTrace(t.name, text).items, config));
  }
  const summary = summarize(streams, {
    ...(prepared.agent ? { agent: prepared.agent } : {}),
    ...(prepared.workflow ? { workflow: prepared.workflow } : {}),
  });
  return { status: 'done', summary, diagnostics: prepared.diagnostics };
}
