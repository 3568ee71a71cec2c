/**
 * What reading a rule file gives: the agents and workflows it holds, every diagnostic met while
 * reading (F001–F010), and where each element sits in the text.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import type { SpanIndex } from '../diagnostics/spans.ts';

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
