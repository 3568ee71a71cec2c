/**
 * "Save as test": the current simulation as a new rule-set test file of the project, pinning every
 * decision seen (or only the selected one) with the run's rule documents, trace and settings.
 */
import { parse } from 'yaml';
import { isTestFileName } from '../../core/tests/fileName.ts';
import { newTestFileText } from '../../core/tests/write.ts';
import { pinCounts, pinDecision } from '../../core/tests/pin.ts';
import type { ChosenSettings } from '../../core/engine/settings.ts';
import type { Decision } from '../../core/engine/decisions.ts';
import { defaultSettings } from '../simulator/settingsForm.ts';
import type { RunInfo } from '../simulator/simulationStore.ts';
import type { ProjectData } from '../state/store.ts';

export type SavedTest = { ok: true; fileName: string; testName: string; text: string } | { ok: false; message: string };

/** The settings that differ from the defaults (what a test must say to replay like the run). */
function changed(settings: ChosenSettings): Partial<ChosenSettings> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(settings)) if (v !== undefined && JSON.stringify(v) !== JSON.stringify((defaultSettings() as Record<string, unknown>)[k])) out[k] = v;
  return out as Partial<ChosenSettings>;
}

/** `base` + `suffix`, or `base-2` + `suffix`…, whichever is not taken. */
export const unique = (base: string, taken: ReadonlySet<string>, suffix = ''): string => {
  if (!taken.has(`${base}${suffix}`)) return `${base}${suffix}`;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}${suffix}`)) return `${base}-${i}${suffix}`;
};

/**
 * The new test file for a finished run; `onlySeq` pins just that decision. `decisions`: the run's
 * decisions (all of them, or with `onlySeq` at least that one), read from the worker by the caller.
 */
export function saveRunAsTest(project: ProjectData, run: RunInfo | undefined, decisions: readonly Decision[], onlySeq?: number): SavedTest {
  if (!run || run.status !== 'done') return { ok: false, message: 'Run the simulation to the end first; a test pins the decisions of a finished run.' };
  if (run.traceIds.length !== 1) return { ok: false, message: 'This run merges several traces; a test replays one trace. Choose one trace and run again.' };
  const docs = project.docs.filter((d) => d.id === run.agentDocId || d.id === run.workflowDocId);
  if (docs.length === 0) return { ok: false, message: 'The rule documents of this run are no longer in the project.' };
  const agentDoc = docs.find((d) => d.kind === 'agent');
  const traceId = run.traceIds[0] as string;
  const projectTrace = project.traces?.find((t) => t.id === traceId);
  const traceName = run.traceNames[0] ?? 'trace';
  let trace: unknown = projectTrace?.name;
  if (!projectTrace) {
    // a trace written inside a test: write it inline again
    try {
      trace = parse(run.traceText ?? '') ?? [];
    } catch {
      return { ok: false, message: 'The trace of this run is no longer available.' };
    }
  }
  const picked = onlySeq !== undefined ? decisions.filter((d) => d.seq === onlySeq) : decisions;
  if (onlySeq !== undefined && picked.length === 0) return { ok: false, message: 'Select a decision first.' };
  const base = traceName.replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'simulation';
  const fileName = unique(base, new Set((project.tests ?? []).map((t) => t.name)), '.test.yaml');
  const testName = onlySeq !== undefined ? `${traceName}: step ${run.log.stepOf(onlySeq) + 1} as simulated` : `${traceName} as simulated`;
  const text = newTestFileText({
    name: testName,
    rules: docs.map((d) => d.fileName),
    trace,
    settings: changed(run.settings),
    // each rule pinned with its identity (tool, type, conditions), so removing an earlier rule does not break the test
    expect: picked.map((d) => pinDecision(d, run.log.stepOf(d.seq), agentDoc?.kind === 'agent' ? agentDoc.agent : undefined)),
    ...(onlySeq === undefined ? { run: { counts: pinCounts(decisions) } } : {}),
  });
  return isTestFileName(fileName) ? { ok: true, fileName, testName, text } : { ok: false, message: 'No file name for the test.' };
}
