/** The curated examples shipped with the app (the gallery), loaded as raw text at build time. */
import { isTestFileName } from '../core/tests/fileName.ts';
import type { ReplaySettingsInput } from '../core/engine/settings.ts';
const files = import.meta.glob('../../examples/*.{toml,yaml,json,af,rules}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export interface Example {
  /** File name, e.g. `etl-pipeline.toml`. */
  name: string;
  text: string;
}

export const EXAMPLES: readonly Example[] = Object.entries(files)
  .filter(([path]) => !isTestFileName(path)) // rule-set tests sit next to the examples they test
  .map(([path, text]) => ({ name: path.slice(path.lastIndexOf('/') + 1), text }))
  .sort((a, b) => a.name.localeCompare(b.name));

const folderFiles = import.meta.glob('../../examples/gemini-policies/**/*.{toml,jsonl}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** An example that is a folder (Gemini CLI policies of several tiers): its rule files and its traces, named by their path in it. */
export interface FolderExample {
  name: string;
  description: string;
  files: Example[];
  traces: Example[];
}

const inFolder = (path: string) => path.slice(path.indexOf('/examples/') + '/examples/'.length);

export const FOLDER_EXAMPLES: readonly FolderExample[] = [
  {
    name: 'gemini-policies',
    description: 'Gemini CLI policies of two tiers: the admin tier’s deny outranks every user rule, and each classic mistake is reported (an allow that never decides, a dropped regex, a wildcard that is not one); with a scripted trace for the Policy tab.',
    files: Object.entries(folderFiles)
      .filter(([path]) => path.endsWith('.toml'))
      .map(([path, text]) => ({ name: inFolder(path), text }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    traces: Object.entries(folderFiles)
      .filter(([path]) => path.endsWith('.jsonl'))
      .map(([path, text]) => ({ name: inFolder(path), text })),
  },
];

const traceFiles = import.meta.glob('../../examples/traces/*.{yaml,jsonl}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** A guided walk-through: an example rule file and a scripted trace, stepped in presenter view. */
export interface Walkthrough {
  title: string;
  description: string;
  /** The example rule file (one of {@link EXAMPLES}). */
  ruleFile: Example;
  trace: Example;
  /** Settings the walk-through runs with (defaults otherwise), e.g. profile `letta`. */
  settings?: ReplaySettingsInput;
  /**
   * The lead-in of its first slide, for a trace that cannot say it itself (a recorded transcript
   * has no comments; a scripted trace's top comments are its lead-in).
   */
  note?: string;
}

const WALKTHROUGH_INFO: readonly { trace: string; ruleFile: string; title: string; description: string; settings?: ReplaySettingsInput; note?: string }[] = [
  {
    trace: 'etl-walkthrough.yaml',
    ruleFile: 'etl-pipeline.toml',
    title: 'ETL pipeline, step by step',
    description: 'The start tool runs by itself, order is enforced, a call limit bites, and the exit requirement runs before the loop ends.',
  },
  {
    trace: 'execution-session.yaml',
    ruleFile: 'hegel-execution.yaml',
    title: 'A coding session under the execution workflow',
    description: 'Phases advance, a build loop interrupts the code phase, and the readme phase asks for a commit.',
  },
  {
    trace: 'letta-refund-walkthrough.yaml',
    ruleFile: 'letta-refund-agent.af',
    title: 'A Letta agent, as Letta runs it',
    description:
      "Under profile letta: run_first decides the first call, a child rule and a conditional rule narrow what may follow, refused calls say which rule removed the tool, and the exit waits for a required tool.",
  },
  {
    trace: 'claude-code-session.jsonl',
    ruleFile: 'claude-code-settings.json',
    title: 'A Claude Code session under a project’s settings',
    description:
      'Under profile claude: each call of a recorded session decided by the project’s permission rules. The user rejected `npm test && npm run build` at a prompt, yet the bare `Bash` allow would have run it without one.',
    note:
      'A recorded Claude Code session, replayed against this project’s permission rules. Asked to fix a cart total that is one cent off, the agent searches the code, reads and edits one file, runs the tests and the build, writes the changelog and looks up the issue; each slide shows how the rules decide one of its calls. Watch the first `Bash` call, `npm test && npm run build`: the user rejected it at the prompt and asked for one command at a time, yet these rules allow it without asking (the bare `Bash` allow matches any command), so its slide says the session differs from the rules.',
  },
];

const traceByName = new Map(Object.entries(traceFiles).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]));

/** Sessions opened with an example (its Policy view counts their calls): Codex's rules and a rollout log. */
const SESSION_OF: Readonly<Record<string, string>> = { 'codex-default.rules': 'codex-session.jsonl' };

/** The rule-set tests shipped beside the examples (`<example>.test.yaml`). */
const TESTS: readonly Example[] = Object.entries(files)
  .filter(([path]) => isTestFileName(path))
  .map(([path, text]) => ({ name: path.slice(path.lastIndexOf('/') + 1), text }));

/**
 * The rule-set test shipped beside example `name` (`etl-pipeline.toml` → `etl-pipeline.test.yaml`),
 * with the gallery's traces it names by path, if it has one: opened with the example, its Tests tab
 * shows a suite that passes.
 */
export function testOf(name: string): { test: Example; traces: Example[] } | undefined {
  const base = name.replace(/\.[^.]+$/, '');
  const test = TESTS.find((t) => t.name === `${base}.test.yaml`);
  if (!test) return undefined;
  const named = [...test.text.matchAll(/^\s*trace:\s*([^\s#]+\.(?:ya?ml|jsonl))\s*(?:#.*)?$/gm)].map((m) => (m[1] ?? '').slice((m[1] ?? '').lastIndexOf('/') + 1));
  const traces = [...new Set(named)].flatMap((n) => {
    const text = traceByName.get(n);
    return text === undefined ? [] : [{ name: n, text }];
  });
  return { test, traces };
}

/** The recorded session that opens with example `name`, if it has one. */
export function sessionOf(name: string): Example | undefined {
  const trace = Object.hasOwn(SESSION_OF, name) ? SESSION_OF[name] : undefined;
  const text = trace === undefined ? undefined : traceByName.get(trace);
  return trace !== undefined && text !== undefined ? { name: trace, text } : undefined;
}

export const WALKTHROUGHS: readonly Walkthrough[] = WALKTHROUGH_INFO.flatMap((w) => {
  const ruleFile = EXAMPLES.find((e) => e.name === w.ruleFile);
  const trace = traceByName.get(w.trace);
  return ruleFile && trace !== undefined
    ? [{ title: w.title, description: w.description, ruleFile, trace: { name: w.trace, text: trace }, ...(w.settings ? { settings: w.settings } : {}), ...(w.note !== undefined ? { note: w.note } : {}) }]
    : [];
});
