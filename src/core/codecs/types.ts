/**
 * What reading a rule file gives: the agents and workflows it holds, every diagnostic met while
 * reading (F001–F010), and where each element sits in the text.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { SpanIndex } from '../diagnostics/spans.ts';
import type { Range } from '../diagnostics/types.ts';

export type FileFormat = 'toml' | 'yaml' | 'json';

export interface LoadedFile {
  /** The file name as given (used in every diagnostic). */
  file: string;
  format: FileFormat;
  agents: Agent[];
  workflows: Workflow[];
  /** Reading diagnostics (F001–F010), each with file, range and target. */
  diagnostics: Diagnostic[];
  /** Ranges of agents, rules, nodes… keyed by `spanKey`. */
  spans: SpanIndex;
}

/** Path of a value inside a parsed document: keys and array indices. */
export type DocPath = readonly (string | number)[];

/** A syntax error from a parser, positioned. */
export interface SyntaxProblem {
  message: string;
  range: Range;
}

/**
 * A parsed document, whatever its format: the plain value and a way to find where any part of
 * it sits. Readers (agents, workflows) work on this, so one reader serves TOML, YAML and JSON.
 */
export interface ParsedDoc {
  format: FileFormat;
  /** The plain JS value (objects, arrays, strings, numbers, booleans); undefined on a syntax error. */
  value: unknown;
  /**
   * The range of the value at `path` (or of its key when `part` is `key`), or undefined when the
   * format or the parser cannot tell; callers fall back to the enclosing path.
   */
  locate(path: DocPath, part?: 'key' | 'value'): Range | undefined;
  /** Syntax errors (F001). */
  errors: SyntaxProblem[];
  /**
   * JSON only: keys that repeat an earlier key of their object (the value holds the last, as
   * `JSON.parse` and Python's `json` keep it). A loader that accepts them (Letta's) reads the
   * value with a warning; the others refuse the file (F001).
   */
  duplicateKeys?: SyntaxProblem[];
}
