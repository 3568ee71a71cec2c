/**
 * A rule-set test of the project as a simulator run: the same rule documents, trace and settings
 * the test runner uses, so opening a failing test shows exactly the decisions it judged. An inline
 * trace becomes a trace of the run only (it is not added to the project).
 */
import { stringify } from 'yaml';
import { ChosenSettings } from '../../core/engine/settings.ts';
import { findNamed } from '../../core/tests/projectHost.ts';
import { problemPlace } from '../../core/tests/problemPlace.ts';
import type { SimulationRequest } from '../../worker/protocol.ts';
import type { ResolvedChoice } from '../simulator/runRequest.ts';
import type { ProjectData, TraceDoc } from '../state/store.ts';
import { settledText } from '../state/documents.ts';
import { codecs } from '../state/codecs.ts';

export type TestRunBuild = { ok: true; built: { request: SimulationRequest; resolved: ResolvedChoice }; settings: ChosenSettings } | { ok: false; message: string };

const asList = (v: string | string[] | undefined) => (v === undefined ? undefined : typeof v === 'string' ? [v] : v);

/** The run that replays test `testName` of the project's test file `testFileId`. */
export function buildTestRun(project: ProjectData, testFileId: string, testName: string): TestRunBuild {
  const file = project.tests?.find((t) => t.id === testFileId);
  if (!file) return { ok: false, message: 'The test file is no longer in the project.' };
  const p = codecs().parseTestFile(file.name, file.text);
  if (!p.ok) return { ok: false, message: `${file.name} does not read: ${p.problems[0] ? problemPlace(p.problems[0]) : 'line 1'}: ${p.problems[0]?.message}` };
  const index = p.parsed.suite.tests.findIndex((t) => t.name === testName);
  const test = p.parsed.suite.tests[index];
  if (!test) return { ok: false, message: `${file.name} has no test named “${testName}”.` };
  const suite = p.parsed.suite;
  const named = (asList(test.rules) ?? asList(suite.rules))?.map((n) => findNamed(project.docs.map((d) => ({ ...d, name: d.fileName })), n));
  if (named?.some((d) => d === undefined)) return { ok: false, message: `A rule file of “${testName}” is not in the project.` };
  let docs = named ? named.filter((d) => d !== undefined) : project.docs;
  const workflow = test.workflow ?? suite.workflow;
  if (workflow !== undefined) docs = docs.filter((d) => d.kind !== 'workflow' || d.workflow.name === workflow);
  const agent = test.agent ?? suite.agent;
  let trace: TraceDoc | undefined;
  if (typeof test.trace === 'string') trace = findNamed(project.traces ?? [], test.trace);
  else trace = { id: `test:${file.id}:${index}`, name: `${testName} (inline trace).yaml`, text: stringify(p.parsed.nodeAt(['tests', index, 'trace'])?.toJSON() ?? []) };
  if (!trace) return { ok: false, message: `The trace ${String(test.trace)} of “${testName}” is not in the project.` };
  const settings = ChosenSettings.parse({ ...suite.settings, ...test.settings, ...(agent !== undefined ? { agent } : {}) });
  const agentDoc = docs.find((d) => d.kind === 'agent' && (agent === undefined || d.agent.name === agent));
  const workflowDoc = docs.find((d) => d.kind === 'workflow');
  return {
    ok: true,
    settings,
    built: {
      request: { ruleFiles: docs.map((d) => ({ name: d.fileName, text: settledText(d) })), traces: [{ name: trace.name, text: trace.text }], settings },
      resolved: { traces: [trace], ...(agentDoc ? { agentDocId: agentDoc.id } : {}), ...(workflowDoc ? { workflowDocId: workflowDoc.id } : {}) },
    },
  };
}
