/**
 * Writing the rule files a set of agents or a workflow compiles to, in the format asked for:
 * TOML, YAML or JSON. Agents are written in Pattern's forms, workflows in hegel's form.
 */
import type { Agent } from '../model/toolRules.ts';
import type { Workflow } from '../model/workflow.ts';
import type { Diagnostic } from '../diagnostics/types.ts';
import { FILE_START } from '../diagnostics/types.ts';
import { diag } from '../diagnostics/make.ts';
import type { FileFormat } from './types.ts';
import { writeAgentsToml } from './write/agentsToml.ts';
import { writeAgentsYaml } from './write/agentsYaml.ts';
import { writeAgentsJson } from './write/agentsJson.ts';
import { writeWorkflowYaml } from './write/workflowYaml.ts';
import { writeWorkflowJson } from './write/workflowJson.ts';
import { writeWorkflowToml } from './write/workflowToml.ts';
import { writeLettaRulesJson } from './write/lettaRules.ts';
import { EXPORT_CODES, EXPORT_FILE } from './write/agentsConfig.ts';
import { pathPastBudget } from '../model/jsonDepth.ts';
import { MAX_DOCUMENT_VALUES } from './load.ts';
import { countLoneSurrogates } from './write/loneSurrogates.ts';

/**
 * Deepest nesting the writers take (they recurse per level). Files read are far shallower (see
 * `MAX_DOCUMENT_DEPTH` in `load.ts`); models from bundles hold JSON up to 512 levels.
 */
export const MAX_WRITE_DEPTH = 1000;

/**
 * Most values the writers write (see `pathPastBudget`: shared data counts once per reference).
 * Twice what a file read may hold (`MAX_DOCUMENT_VALUES`): the model adds a few fields per rule.
 * Models from bundles or the studio can share data without limit; past this nothing is written.
 */
export const MAX_WRITE_VALUES = 2 * MAX_DOCUMENT_VALUES;

export interface WrittenFile {
  text: string;
  /** Export warnings (e.g. a duration rounded to whole seconds) or an error when nothing fits. */
  diagnostics: Diagnostic[];
}

/** Writes a workflow: YAML and JSON in hegel's form; TOML as the same tree (not a hegel format). */
export function writeWorkflow(wf: Workflow, to: FileFormat): string {
  if (to === 'yaml') return writeWorkflowYaml(wf);
  if (to === 'json') return writeWorkflowJson(wf);
  return writeWorkflowToml(wf);
}

/** Diagnostic code: Letta agents asked for in a form Letta has none of. */
export const LETTA_FORM = 'X011';

/**
 * Letta agents: one agent as the plain `tool_rules` list Letta's API takes (JSON); TOML, YAML or
 * several agents have no Letta form (an .af file is written back by editing its text instead).
 */
function writeLettaAgents(agents: readonly Agent[], to: FileFormat): WrittenFile {
  const [only] = agents;
  if (to === 'json' && only && agents.length === 1) return { text: writeLettaRulesJson(only.lettaRules ?? []), diagnostics: [] };
  const message =
    to !== 'json'
      ? `Letta's tool rules are JSON: there is no ${to.toUpperCase()} form of them. Write --to json for the tool_rules list Letta's API takes.`
      : `The file holds ${agents.length} Letta agents: the tool_rules list holds one agent's rules. Export each agent from the studio, or edit the .af itself.`;
  return { text: '', diagnostics: [diag(LETTA_FORM, 'error', message, EXPORT_FILE, FILE_START)] };
}

/** Writes agents in Pattern's main-config form (TOML, YAML) or runtime form (JSON); Letta agents as Letta's rule list. */
export function writeAgents(agents: readonly Agent[], to: FileFormat): WrittenFile {
  if (agents.some((a) => a.family === 'letta')) return writeLettaAgents(agents, to);
  if (to === 'toml') return writeAgentsToml(agents);
  if (to === 'yaml') return writeAgentsYaml(agents);
  return writeAgentsJson(agents);
}

/** TOML cannot hold a lone surrogate: the writer put U+FFFD in its place, and the export says so (X013). */
function withSurrogateWarning(written: WrittenFile, content: unknown, to: FileFormat): WrittenFile {
  if (to !== 'toml' || written.text === '') return written;
  const n = countLoneSurrogates(content);
  if (n === 0) return written;
  const message = `${n === 1 ? 'A string or key holds' : `${n} strings or keys hold`} a lone surrogate (half of a UTF-16 pair, as JSON's "\\ud800" writes one): TOML is UTF-8 and cannot hold it, so it is written as U+FFFD (�). Export as JSON to keep it.`;
  return { ...written, diagnostics: [...written.diagnostics, diag(EXPORT_CODES.loneSurrogate, 'warning', message, EXPORT_FILE, FILE_START)] };
}

/**
 * Writes the content of one rule file. A file holds agents or a workflow; content with both, or
 * with several workflows, cannot be one file and gets an error.
 */
export function writeRuleFile(
  content: { agents: readonly Agent[]; workflows: readonly Workflow[] },
  to: FileFormat,
): WrittenFile {
  const { agents, workflows } = content;
  const past = pathPastBudget(content, MAX_WRITE_DEPTH, MAX_WRITE_VALUES);
  if (past?.kind === 'depth') {
    const message = `Nothing was written: the data is nested more than ${MAX_WRITE_DEPTH} levels deep (at ${past.path.slice(0, 6).join('.')}…), deeper than the writers go.`;
    return { text: '', diagnostics: [diag(EXPORT_CODES.tooDeep, 'error', message, EXPORT_FILE, FILE_START)] };
  }
  if (past) {
    const message = `Nothing was written: the data expands to more than ${MAX_WRITE_VALUES.toLocaleString('en-US')} values (at ${past.path.slice(0, 6).join('.')}; shared data counts once per reference), more than the writers write.`;
    return { text: '', diagnostics: [diag(EXPORT_CODES.tooLarge, 'error', message, EXPORT_FILE, FILE_START)] };
  }
  const wf = workflows[0];
  if (agents.length > 0 && workflows.length === 0) return withSurrogateWarning(writeAgents(agents, to), content, to);
  if (agents.length === 0 && wf && workflows.length === 1) return withSurrogateWarning({ text: writeWorkflow(wf, to), diagnostics: [] }, content, to);
  const message =
    agents.length === 0 && workflows.length === 0
      ? 'Nothing to write: the file holds no agents and no workflow.'
      : 'One file holds either agents or one workflow: write them to separate files.';
  return { text: '', diagnostics: [diag('X010', 'error', message, EXPORT_FILE, FILE_START)] };
}
