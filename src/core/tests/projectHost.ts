/**
 * The studio's {@link TestHost}: a test names project documents (by file name) and project traces
 * (by name). A path matches a name exactly, else by its last segment when exactly one name has it,
 * so `traces/etl-walkthrough.yaml` finds a trace imported as `etl-walkthrough.yaml`. A test that
 * names no rule files runs on every document of the project.
 */
import type { TestHost } from './setup.ts';

export interface NamedText {
  name: string;
  text: string;
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The entry a test's path names: its exact name, else the one entry with the same last segment. */
export function findNamed<T extends NamedText>(list: readonly T[], path: string): T | undefined {
  const exact = list.find((f) => f.name === path);
  if (exact) return exact;
  const tail = lastSegment(path);
  const matches = list.filter((f) => lastSegment(f.name) === tail);
  return matches.length === 1 ? matches[0] : undefined;
}

/** A host over the project's rule documents and traces. */
export function projectTestHost(ruleFiles: readonly NamedText[], traces: readonly NamedText[]): TestHost {
  return {
    readFile(path) {
      const hit = findNamed(ruleFiles, path) ?? findNamed(traces, path);
      if (hit) return { ok: true, text: hit.text };
      const names = [...ruleFiles, ...traces].map((f) => f.name);
      return { ok: false, message: `not in the project (documents and traces: ${names.join(', ') || 'none'})` };
    },
    defaultRuleFiles: () => ruleFiles.map((f) => ({ file: f.name, text: f.text })),
  };
}
