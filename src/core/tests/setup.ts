/**
 * What a test runs on: its rule files (loaded and checked as the simulator does), the agent and
 * workflow picked from them, its settings, and its trace items.
 */
import { loadRuleFile } from '../codecs/load.ts';
import type { LoadedFile } from '../codecs/types.ts';
import type { ReplaySettingsInput } from '../engine/settings.ts';
import { prepareSimulation, refusalsOf, type PreparedSimulation } from '../simulate.ts';
import type { TraceItem } from '../traces/events.ts';
import { readTrace } from '../traces/readTrace.ts';
import { readScriptedNode } from '../traces/scripted.ts';
import type { ParsedTestFile } from './parse.ts';
import type { TestCase } from './schema.ts';
import { append } from '../model/append.ts';

/** A file's text, or why it cannot be read. */
export type ReadResult = { ok: true; text: string } | { ok: false; message: string };

/** Where a test's files come from: the disk next to the test file (CLI), or the project (studio). */
export interface TestHost {
  /** The text of a rule or trace file as the test names it (relative to the test file). */
  readFile(path: string): ReadResult;
  /** The rule files to use when neither the test nor its file names any (the studio: every project document). */
  defaultRuleFiles?(): readonly { file: string; text: string }[];
}

/** Everything a test needs to run, or why it cannot. */
export type TestSetup =
  | { ok: true; prepared: PreparedSimulation; settings: ReplaySettingsInput; items: TraceItem[]; files: LoadedFile[] }
  | { ok: false; errors: string[] };

const asList = (v: string | string[] | undefined) => (v === undefined ? undefined : typeof v === 'string' ? [v] : v);

function diagnosticLine(d: { file: string; range: { start: { line: number; column: number } }; code: string; message: string }): string {
  return `${d.file}:${d.range.start.line}:${d.range.start.column} ${d.code} ${d.message}`;
}

function loadRules(parsed: ParsedTestFile, test: TestCase, host: TestHost): { ok: true; files: LoadedFile[] } | { ok: false; errors: string[] } {
  const names = asList(test.rules) ?? asList(parsed.suite.rules);
  const sources: { file: string; text: string }[] = [];
  const errors: string[] = [];
  if (names) {
    for (const name of names) {
      const r = host.readFile(name);
      if (r.ok) sources.push({ file: name, text: r.text });
      else errors.push(`rule file ${name}: ${r.message}`);
    }
  } else append(sources, host.defaultRuleFiles?.() ?? []);
  if (errors.length > 0) return { ok: false, errors };
  if (sources.length === 0) return { ok: false, errors: ['the test names no rule files (rules: [agent.toml, …])'] };
  return { ok: true, files: sources.map((s) => loadRuleFile(s.file, s.text)) };
}

/** Keeps only the workflow named `name` (the simulation runs the first workflow of the files). */
function pickWorkflow(files: LoadedFile[], name: string): LoadedFile[] | string {
  const all = files.flatMap((f) => f.workflows.map((w) => w.name));
  if (!all.includes(name)) return `no workflow named '${name}' in the rule files (workflows: ${all.join(', ') || 'none'})`;
  return files.map((f) => ({ ...f, workflows: f.workflows.filter((w) => w.name === name) }));
}

/** Loads the rule files and the trace of test `index` of a parsed file. Never throws. */
export function setUpTest(parsed: ParsedTestFile, index: number, host: TestHost): TestSetup {
  const test = parsed.suite.tests[index] as TestCase;
  const settings: ReplaySettingsInput = { ...parsed.suite.settings, ...test.settings };
  const agent = test.agent ?? parsed.suite.agent ?? settings.agent;
  const workflow = test.workflow ?? parsed.suite.workflow;
  const rules = loadRules(parsed, test, host);
  if (!rules.ok) return rules;
  let files = rules.files;
  if (workflow !== undefined) {
    const picked = pickWorkflow(files, workflow);
    if (typeof picked === 'string') return { ok: false, errors: [picked] };
    files = picked;
  }
  const prepared = prepareSimulation(files, { ...(agent !== undefined ? { agentName: agent } : {}), profile: settings.profile, errorOnEmpty: settings.errorOnEmpty === true });
  if (!prepared.runnable) {
    const errors = refusalsOf(prepared.diagnostics).map(diagnosticLine);
    return { ok: false, errors: ['the rule files cannot be read, so the trace was not replayed:', ...errors] };
  }
  let items: TraceItem[];
  if (typeof test.trace === 'string') {
    const r = host.readFile(test.trace);
    if (!r.ok) return { ok: false, errors: [`trace ${test.trace}: ${r.message}`] };
    items = readTrace(test.trace, r.text).items;
  } else {
    items = readScriptedNode(parsed.nodeAt(['tests', index, 'trace']) ?? null, parsed.lineOf, parsed.file, undefined, parsed.doc);
  }
  return { ok: true, prepared, settings: agent !== undefined ? { ...settings, agent } : settings, items, files };
}
