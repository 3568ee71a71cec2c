/**
 * Reading any rule file: picks the format (by extension, else by content), parses it, and hands
 * the value to the agent reader and/or the workflow reader. Never throws: bad input gives F001
 * diagnostics with a position and an empty model.
 */
import type { InvalidUtf8 } from '../text/decodeBytes.ts';
import { binaryKind, formatFromName, looksBinary, MAX_RULE_FILE_BYTES, sniffFormat, strayNul, SYNTAX_ERROR } from './format.ts';

export { binaryKind, formatFromName, isSyntaxError, looksBinary, MAX_RULE_FILE_BYTES, sniffFormat } from './format.ts';
import { pathPastBudget } from '../model/jsonDepth.ts';
import { flowTooDeep } from './parse/yaml.ts';
import type { Diagnostic, Position } from '../diagnostics/types.ts';
import { FILE_START } from '../diagnostics/types.ts';
import { diag } from '../diagnostics/make.ts';
import { SpanIndex } from '../diagnostics/spans.ts';
import type { FileFormat, LoadedFile, ParsedDoc } from './types.ts';
import { parseToml } from './parse/toml.ts';
import { parseYaml } from './parse/yaml.ts';
import { parseJson } from './parse/json.ts';
import { AGENT_RULES_IGNORED, looksLikeAgents, readAgents } from './read/agents.ts';
import { moveAgentRulesFix } from './fix/moveAgentRules.ts';
import { looksLikeWorkflow, readWorkflow } from './read/workflow.ts';
import { lettaShapeOf, readLetta } from './read/letta.ts';
import { codexAgentOf, isCodexRulesName } from './read/codexRules.ts';
import { geminiAgentOf, isGeminiPolicyFile } from './read/geminiPolicy.ts';
import { brokenClaudeSettings, claudeAgentOf, isClaudeSettingsName, looksLikeClaudeSettings } from './read/claudeSettings.ts';
import { parseInnerJson } from './parse/jsonString.ts';
import { scanLocator } from './parse/jsonScan.ts';
import { append } from '../model/append.ts';




/**
 * Deepest nesting a rule file may have (the root is level 0; a rule's `metadata` starts at level
 * 4). Writers recurse per level, so deeper data (100,000 levels once overflowed `convert`'s stack
 * after `check` had passed it) is refused when read, in every format.
 */
export const MAX_DOCUMENT_DEPTH = 128;

/**
 * Most values (array members and object entries, each counted every time it is reached) a rule
 * file's data may hold: as many as a file at {@link MAX_RULE_FILE_BYTES} can spell without YAML
 * aliases (`1,` is two bytes). Aliases share data when read, but writers and the checks that walk
 * it expand every reference: 999 aliases to one 200,000-item list once took `convert` to 2.9 GB
 * and an abort. Such a file is refused at the alias that passes the budget.
 */
export const MAX_DOCUMENT_VALUES = MAX_RULE_FILE_BYTES / 2;



/** Parses text in the given format. */
export function parseDocument(text: string, format: FileFormat): ParsedDoc {
  switch (format) {
    case 'toml':
      return parseToml(text);
    case 'yaml':
      return parseYaml(text);
    case 'json':
      return parseJson(text);
  }
}

function refused(file: string, format: FileFormat, message: string): LoadedFile {
  return {
    file,
    format,
    agents: [],
    workflows: [],
    diagnostics: [diag('F001', 'error', message, file, FILE_START)],
    spans: new SpanIndex(),
  };
}

/** How the F003 of a file that holds no rules at all begins. */
const NOT_A_RULE_FILE = 'Not a rule file:';

/**
 * True when a loaded file parsed but holds neither tool rules nor a workflow (its one diagnostic
 * is the F003 "Not a rule file"): `check` and `verify` skip such files met while walking a folder
 * or a glob, as the ordinary YAML, TOML and JSON files of a repository.
 */
export function isNotRuleFile(loaded: LoadedFile): boolean {
  const [only] = loaded.diagnostics;
  return loaded.agents.length === 0 && loaded.workflows.length === 0 && loaded.diagnostics.length === 1 && only?.code === 'F003' && only.message.startsWith(NOT_A_RULE_FILE);
}

/** Options of {@link loadRuleFile}. */
export interface LoadOptions {
  /** Where the file's bytes first break UTF-8 (the reader of the bytes finds it): the file is refused there. */
  invalidUtf8?: InvalidUtf8;
  /** Read an agent file's ignored `[[agent.tool_rules]]` as its rules (F011's fix; `convert --move-agent-rules`). */
  moveAgentRules?: boolean;
}

/** Gives each F011 of a TOML file its quick fix, when the text has a safe one. */
function attachAgentRulesFix(text: string, diagnostics: Diagnostic[]): void {
  const at = diagnostics.findIndex((d) => d.code === AGENT_RULES_IGNORED);
  const d = diagnostics[at];
  if (!d) return;
  const fix = moveAgentRulesFix(text);
  if (fix) diagnostics[at] = { ...d, fix };
}


/** The refusal of a file nested deeper than {@link MAX_DOCUMENT_DEPTH}, at the first level too deep. */
function tooDeep(file: string, fmt: FileFormat, at: Position): LoadedFile {
  const message = `File nests data more than ${MAX_DOCUMENT_DEPTH} levels deep (here), deeper than any rule file needs; nothing was loaded from it.`;
  return { file, format: fmt, agents: [], workflows: [], diagnostics: [diag('F001', 'error', message, file, { start: at, end: at })], spans: new SpanIndex() };
}

/**
 * Loads one rule file: agents (tool rules) and/or a workflow, with every reading diagnostic.
 * `format` overrides the extension.
 */
export function loadRuleFile(file: string, text: string, format?: FileFormat, options: LoadOptions = {}): LoadedFile {
  const fmt = format ?? formatFromName(file) ?? sniffFormat(text);
  if (text.length > MAX_RULE_FILE_BYTES)
    return refused(
      file,
      fmt,
      `File is too large to be a rule file (${(text.length / 1048576).toFixed(1)} MB; the limit is ${MAX_RULE_FILE_BYTES / 1048576} MB), so nothing was loaded from it.`,
    );
  const bad = options.invalidUtf8;
  if (bad && !looksBinary(text)) {
    const at = { line: bad.line, column: bad.column };
    const hex = bad.byte.toString(16).toUpperCase().padStart(2, '0');
    const message = `File is not UTF-8: the byte 0x${hex} here is not UTF-8 text (Latin-1 or another legacy encoding?); Pattern's and hegel's loaders refuse the file, so nothing was loaded from it. Save it as UTF-8.`;
    return { ...refused(file, fmt, message), diagnostics: [diag('F001', 'error', message, file, { start: at, end: at })] };
  }
  const nul = strayNul(text);
  if (nul !== undefined) {
    const before = text.slice(0, nul);
    const line = before.split('\n').length;
    const at = { line, column: nul - before.lastIndexOf('\n') };
    const message = 'File holds a NUL character (U+0000) here, which no TOML, YAML or JSON text may hold (a paste that carried one?), so nothing was loaded from it. Delete it.';
    return { ...refused(file, fmt, message), diagnostics: [diag('F001', 'error', message, file, { start: at, end: { line, column: at.column + 1 } })] };
  }
  if (looksBinary(text))
    return refused(file, fmt, `File ${binaryKind(text)}, not TOML, YAML or JSON text, so nothing was loaded from it.`);

  // Codex execpolicy `.rules` files (Starlark): read by the Codex core, which reports what Codex
  // refuses at load as K0xx (`permissions/codex/`).
  if (isCodexRulesName(file)) return { file, format: fmt, agents: [codexAgentOf(file, text)], workflows: [], diagnostics: [], spans: new SpanIndex() };
  // Gemini CLI policy files (`[[rule]]` tables): read by the Gemini core, which reports what
  // Gemini's loader refuses as G0xx (`permissions/gemini/`).
  // A TOML text is parsed once, for this check and the reading below (a 30,000-rule file: about
  // a tenth of a second a parse).
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const toml = fmt === 'toml' ? parseDocument(body, fmt) : undefined;
  if (toml && isGeminiPolicyFile(file, text, toml)) return { file, format: fmt, agents: [geminiAgentOf(file, text)], workflows: [], diagnostics: [], spans: new SpanIndex() };
  // Claude Code's settings files: read by the permission core, which reports a file Claude Code
  // ignores (not strict JSON) as C001 rather than refusing it (`read/claudeSettings.ts`).
  if (fmt === 'json' && isClaudeSettingsName(file)) return { file, format: fmt, agents: [claudeAgentOf(file, text)], workflows: [], diagnostics: [], spans: new SpanIndex() };
  // JSON nested past the budget is refused from one bracket scan that stops at the first level too
  // deep, before the parser builds (and the collector walks) the whole chain: the refusal costs the
  // same for 200,000 levels as for 200.
  const deepAt = fmt === 'json' ? flowTooDeep(text, MAX_DOCUMENT_DEPTH + 1) : undefined;
  if (deepAt) return tooDeep(file, fmt, deepAt);
  const doc = toml ?? parseDocument(body, fmt);
  if (doc.errors.length > 0 || doc.value === undefined) {
    // Claude Code settings that are not strict JSON (a trailing comma, a comment) are still its
    // settings: the permission core says Claude Code ignores them (C001), at the error, as for a
    // file named `.claude/settings.json` (review 15: the studio's `settings.json` got F001).
    const first = doc.errors[0];
    if (fmt === 'json' && first && brokenClaudeSettings(text, first.range.start.line, first.range.start.column))
      return { file, format: fmt, agents: [claudeAgentOf(file, text)], workflows: [], diagnostics: [], spans: new SpanIndex() };
    const diagnostics: Diagnostic[] = doc.errors.map((e) =>
      diag('F001', 'error', `${fmt.toUpperCase()}${SYNTAX_ERROR}${e.message}`, file, e.range),
    );
    if (diagnostics.length === 0) diagnostics.push(diag('F001', 'error', 'File could not be parsed.', file, FILE_START));
    return { file, format: fmt, agents: [], workflows: [], diagnostics, spans: new SpanIndex() };
  }

  const past = pathPastBudget(doc.value, MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_VALUES);
  if (past?.kind === 'depth') {
    return tooDeep(file, fmt, doc.locate(past.path)?.start ?? FILE_START.start);
  }
  if (past) {
    const at = doc.locate(past.path)?.start ?? FILE_START.start;
    const message = `File expands to more than ${MAX_DOCUMENT_VALUES.toLocaleString('en-US')} values (here; each alias counts the data it repeats), more than a rule file at the ${MAX_RULE_FILE_BYTES / 1048576} MB limit can hold; nothing was loaded from it.`;
    return { file, format: fmt, agents: [], workflows: [], diagnostics: [diag('F001', 'error', message, file, { start: at, end: at })], spans: new SpanIndex() };
  }

  const out: LoadedFile = { file, format: fmt, agents: [], workflows: [], diagnostics: [], spans: new SpanIndex() };
  const duplicates = doc.duplicateKeys ?? [];
  if (fmt === 'json' && loadLetta(out, doc, text)) {
    // Letta's loader (Python's json) keeps the last of repeated keys: so does the reading, with a warning.
    out.diagnostics = append(duplicates.map((d) => diag(DUPLICATE_KEY, 'warning', `${d.message}: Letta's loader (Python's json) keeps the last one, and so does Rule Studio; the earlier ones are ignored.`, file, d.range)), out.diagnostics);
    return out;
  }
  // Pattern (serde) refuses a repeated field, and a second `tool_rules` silently replacing the first is worse than an error.
  if (duplicates.length > 0)
    return { file, format: fmt, agents: [], workflows: [], diagnostics: duplicates.map((d) => diag('F001', 'error', `${fmt.toUpperCase()}${SYNTAX_ERROR}${d.message}`, file, d.range)), spans: new SpanIndex() };
  if (fmt === 'json' && looksLikeClaudeSettings(doc.value)) {
    out.agents = [claudeAgentOf(file, text)];
    return out;
  }
  const isWorkflow = looksLikeWorkflow(doc.value);
  const isAgents = looksLikeAgents(doc.value);
  if (isAgents) {
    const r = readAgents(doc, file, { moveAgentRules: options.moveAgentRules });
    out.agents = r.agents;
    append(out.diagnostics, r.diagnostics);
    if (fmt === 'toml') attachAgentRulesFix(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, out.diagnostics);
    out.spans = r.spans;
  }
  if (isWorkflow) {
    const r = readWorkflow(doc, file);
    out.workflows = r.workflows;
    append(out.diagnostics, r.diagnostics);
    if (isAgents) out.spans = mergeSpans(out.spans, r.spans);
    else out.spans = r.spans;
  }
  if (!isAgents && !isWorkflow)
    out.diagnostics.push(
      diag(
        'F003',
        'error',
        `${NOT_A_RULE_FILE} expected tool rules (\`tool_rules\`, \`[[agents]]\`, \`[agent]\`), a Letta agent file (\`.af\`) or tool_rules list, a Claude Code settings file (\`permissions\`), or a workflow (\`start_node\`, \`nodes\`), so nothing was loaded from it.`,
        file,
        FILE_START,
      ),
    );
  return out;
}

/** Diagnostic code (warning) of a key repeated in one JSON object of a file whose loader keeps the last (Letta's). */
export const DUPLICATE_KEY = 'F012';

/** Diagnostic code (info) of a Letta agent file written as a JSON string holding the file. */
export const DOUBLE_ENCODED = 'F010';

/**
 * Reads a Letta agent file or tool_rules list into `out` when the document is one (also when it
 * is a JSON string holding an agent file, as three files of letta-ai/agent-file are). False when
 * it is not Letta's.
 */
function loadLetta(out: LoadedFile, doc: ParsedDoc, text: string): boolean {
  const shape = lettaShapeOf(doc.value);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (shape) {
    // Positions by scanning: agent files run to megabytes, where a full position tree takes seconds.
    Object.assign(out, readLetta({ ...doc, locate: scanLocator(body) }, out.file, shape));
    return true;
  }
  if (typeof doc.value !== 'string') return false;
  const inner = parseInnerJson(body);
  if (!inner || inner.doc.errors.length > 0 || lettaShapeOf(inner.doc.value) !== 'agentFile') return false;
  Object.assign(out, readLetta(inner.doc, out.file, 'agentFile'));
  // the loader adds the warnings of repeated keys; the inner document's are given in the outer file's places
  for (const d of inner.doc.duplicateKeys ?? []) (doc.duplicateKeys ??= []).push({ message: d.message, range: inner.doc.locate([]) ?? d.range });
  out.diagnostics.unshift(
    diag(
      DOUBLE_ENCODED,
      'info',
      'This Letta agent file is a JSON string whose content is the agent file (double-encoded JSON): it is read from inside the string, and edits are written back into the string in the same form.',
      out.file,
      FILE_START,
    ),
  );
  return true;
}

function mergeSpans(a: SpanIndex, b: SpanIndex): SpanIndex {
  b.copyInto(a);
  return a;
}
