/** Runs rule-set test files from text, with rule and trace files from a map or from the examples folder. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTestFile, type TestFileResult, type TestHost } from '../../src/core/tests/index.ts';

/** A host that reads `files` first, then the real file relative to `dir`. */
export function hostOf(files: Record<string, string> = {}, dir = 'examples'): TestHost {
  return {
    readFile(path) {
      const v = files[path];
      if (v !== undefined) return { ok: true, text: v };
      try {
        return { ok: true, text: readFileSync(join(dir, path), 'utf8') };
      } catch {
        return { ok: false, message: 'no such file' };
      }
    },
  };
}

export const run = (text: string, files: Record<string, string> = {}): TestFileResult => runTestFile('t.test.yaml', text, hostOf(files));

/** A small agent: `a` before `b`, `b` at most once, `done` exits. */
export const AGENT = `[[agents]]
name = "small"
tools = ["a", "b", "done"]

[[agents.tool_rules]]
tool_name = "b"
rule_type = { type = "RequiresPrecedingTools" }
conditions = ["a"]

[[agents.tool_rules]]
tool_name = "b"
rule_type = { type = "MaxCalls", value = 1 }

[[agents.tool_rules]]
tool_name = "done"
rule_type = { type = "ExitLoop" }
`;
