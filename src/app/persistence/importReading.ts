/**
 * What an imported text is: rule documents (TOML, YAML or JSON rule files), a project bundle, a
 * trace for the simulator (recorded logs, chat JSON, scripted YAML), or something refused with a
 * message that says why. Pure: the caller applies the result.
 */
import type { ProjectBundle } from '../../core/project/bundle.ts';
import { looksLikeBundle } from '../../core/project/bundleVersion.ts';
import { codecs } from '../state/codecs.ts';
import { isCodexRollout } from '../../core/permissions/codex/sniff.ts';
import { isGeminiSession } from '../../core/permissions/gemini/sniff.ts';
import { binaryKind, formatFromName, looksBinary, MAX_RULE_FILE_BYTES, sniffFormat } from '../../core/codecs/format.ts';
import { detectTraceFormat, type TraceFormat } from '../../core/traces/detect.ts';
import { isTestFileName } from '../../core/tests/fileName.ts';
import { MAX_TEST_FILE_CHARS } from '../../core/tests/limits.ts';
import { docsFromFile, type RuleDoc } from '../state/documents.ts';
import type { LoadedFile } from '../../core/codecs/types.ts';
import { MAX_TRACE_FILE_BYTES } from '../simulator/traceInput.ts';
import { brokenRuleDoc } from './brokenImport.ts';

/** Inputs larger than this are refused unread (10 MB). */
export const MAX_IMPORT_BYTES = MAX_RULE_FILE_BYTES;

export type ImportReading =
  | {
      kind: 'docs';
      docs: RuleDoc[];
      source: string;
      /** The reading of the file, when it is also the reading of its first document's text (not sent between threads). */
      loaded?: LoadedFile;
      /** The file's syntax is broken: its one document holds the text as it is, to be fixed in Source. */
      broken?: { line: number; column: number; message: string };
    }
  | { kind: 'bundle'; bundle: ProjectBundle; warnings: string[]; source: string }
  | {
      kind: 'trace';
      name: string;
      text: string;
      format: TraceFormat;
      source: string;
      /** The first line the trace reader could not read, when there is one (the trace editor shows them all). */
      problem?: string;
      /** Set for a coding agent's session log, which the Policy view reads (not the simulator): what it is. */
      sessionLog?: string;
    }
  | { kind: 'test'; name: string; text: string; source: string }
  | { kind: 'refused'; message: string };

/** Recorded trace files (JSON Lines) may be this large (200 MB); they are never rule files. */
export const MAX_TRACE_IMPORT_BYTES = MAX_TRACE_FILE_BYTES;

/** True for a JSON Lines file name (`.jsonl`, `.ndjson`): a recorded trace, never a rule file. */
export function isTraceFileName(name: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(name);
}

/** How much of a text trace-format detection looks at. */
const TRACE_HEAD = 64 * 1024;

/** What each trace format is called in messages. */
export const TRACE_FORMAT_LABELS: Record<TraceFormat, string> = {
  canonical: 'canonical trace',
  scripted: 'scripted trace',
  'hegel-hooks': 'hegel hooks log',
  'hegel-states': 'hegel states log',
  'claude-code': 'Claude Code transcript',
  openai: 'OpenAI-style messages',
  anthropic: 'Anthropic-style messages',
};

/** A name for a pasted trace, after its format (so the readers detect it again). */
const PASTED_TRACE_NAMES: Record<TraceFormat, string> = {
  canonical: 'pasted-trace.jsonl',
  scripted: 'scenario.yaml',
  'hegel-hooks': 'hooks.jsonl',
  'hegel-states': 'states.jsonl',
  'claude-code': 'transcript.jsonl',
  openai: 'messages.json',
  anthropic: 'messages.json',
};

/** A rule-set test file (`*.test.yaml`), kept as text: the Tests view reports its problems with their lines. */
function testByName(fileName: string, text: string): ImportReading {
  if (text.length > MAX_TEST_FILE_CHARS) return { kind: 'refused', message: `${fileName} is too large for a test file (${mb(text.length)}; the limit is ${mb(MAX_TEST_FILE_CHARS)}). Nothing was changed.` };
  if (looksBinary(text)) return { kind: 'refused', message: `${fileName} ${binaryKind(text)}, not a YAML test file. Nothing was changed.` };
  return { kind: 'test', name: fileName, text, source: fileName };
}

/** A JSON Lines file, read as a trace by its name (its lines are checked when it replays). */
function traceByName(fileName: string, text: string): ImportReading {
  if (text.length > MAX_TRACE_IMPORT_BYTES) {
    return { kind: 'refused', message: `${fileName} is too large to add as a trace (${mb(text.length)}; the limit is ${mb(MAX_TRACE_IMPORT_BYTES)}). Nothing was changed.` };
  }
  if (text.trim() === '') return { kind: 'refused', message: `${fileName} is empty. Nothing was changed.` };
  if (looksBinary(text)) return { kind: 'refused', message: `${fileName} ${binaryKind(text)}, not a JSON Lines trace. Nothing was changed.` };
  const head = text.slice(0, TRACE_HEAD);
  const sessionLog = isCodexRollout(head) ? 'Codex session log' : isGeminiSession(head) ? 'Gemini CLI session log' : undefined;
  return { kind: 'trace', name: fileName, text, format: detectTraceFormat(fileName, head), source: fileName, ...(sessionLog ? { sessionLog } : {}) };
}

/**
 * A text that is not a rule file, read as a trace when it holds at least one usable event
 * (a chat `.json`, a scripted `.yaml`, pasted JSON Lines); otherwise undefined.
 */
export function traceByContent(fileName: string | undefined, text: string): ImportReading | undefined {
  const name = fileName ?? PASTED_TRACE_NAMES[detectTraceFormat('', text.slice(0, TRACE_HEAD))];
  const { format, items } = codecs().readTrace(name, text);
  const problem = items.find((i) => i.kind === 'error');
  // A scripted trace (a top-level `steps:` list) is one even when no step reads yet (a typo such
  // as `cal:` in every step): it is added with its problems rather than called "not a rule file".
  const scripted = format === 'scripted' && SCRIPTED_STEPS.test(text);
  if (!items.some((i) => i.kind === 'event') && !scripted) return undefined;
  // A recorded log skips lines that are not calls; a scripted trace's unreadable step is a typo to report.
  const typo = format === 'scripted' && problem?.kind === 'error' ? { problem: problem.message } : {};
  return { kind: 'trace', name, text, format, source: fileName ?? 'The pasted text', ...typo };
}

/** A scripted trace's `steps:` key at the top level. */
const SCRIPTED_STEPS = /^steps\s*:/m;

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

/** The refusal for an input of `size` bytes, or undefined when it is small enough to read. */
export function refuseBySize(source: string, size: number): ImportReading | undefined {
  if (size <= MAX_IMPORT_BYTES) return undefined;
  return { kind: 'refused', message: `${source} is too large to import (${mb(size)}; the limit is ${mb(MAX_IMPORT_BYTES)}). Nothing was changed.` };
}

const isPermissionFamily = (f: string | undefined) => f === 'claude' || f === 'codex' || f === 'gemini';

/** The file name each permission dialect's rules usually have (Codex: `~/.codex/rules/default.rules`). */
const USUAL_NAME = { claude: 'settings.json', codex: 'default.rules', gemini: 'policy.toml' } as const;

/**
 * Pasted text, read under the name of what it is: Codex rules (Starlark, no format of their own) by
 * their `prefix_rule(` calls; Claude Code settings and Gemini CLI policies read once, then again
 * under their usual file name, so the document is named and parsed as that dialect (not
 * `claude-code.toml`, which the TOML reader then refuses).
 */
function readPasted(format: 'json' | 'yaml' | 'toml', text: string): ReturnType<typeof docsFromFile> {
  if (/^\s*(prefix_rule|host_executable)\s*\(/m.test(text)) return docsFromFile(USUAL_NAME.codex, text);
  const read = docsFromFile(`${format === 'yaml' ? 'workflow' : 'pasted'}.${format}`, text);
  const only = read.docs.length === 1 ? read.docs[0] : undefined;
  const family = only?.kind === 'agent' ? only.agent.family : undefined;
  return family === 'claude' || family === 'gemini' ? docsFromFile(USUAL_NAME[family], text) : read;
}

/**
 * What a rule file of one of the families holds early on (an agent's table, a tool rule, a
 * workflow's phases, a permission rule): pasted text that does not read and has none of these is
 * refused rather than opened as a document.
 */
const RULE_FILE_MARK = /\[\[?agents?\b|\btool_rules\b|\brule_type\b|^\s*(nodes|start_node|mode)\s*:|"permissions"\s*:|\[\[rule\]\]|\bprefix_rule\s*\(/m;

/**
 * Reads an imported text. `fileName` is absent for pasted text: its format is then sniffed and
 * the documents are named after the agents and workflows they hold.
 */
export function readImport(fileName: string | undefined, text: string): ImportReading {
  const source = fileName ?? 'The pasted text';
  if (fileName !== undefined && isTraceFileName(fileName)) return traceByName(fileName, text);
  if (fileName !== undefined && isTestFileName(fileName)) return testByName(fileName, text);
  const tooLarge = refuseBySize(source, text.length);
  if (tooLarge) return tooLarge;
  if (text.trim() === '') return { kind: 'refused', message: `${source} is empty. Nothing was changed.` };
  if (looksBinary(text)) return { kind: 'refused', message: `${source} ${binaryKind(text)}, not TOML, YAML or JSON text. Nothing was changed.` };

  const format = (fileName ? formatFromName(fileName) : undefined) ?? sniffFormat(text);
  if (format === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      value = undefined; // the rule-file reader reports the syntax error with its position
    }
    if (looksLikeBundle(value)) {
      const r = codecs().decodeBundle(value);
      return r.ok ? { kind: 'bundle', bundle: r.bundle, warnings: r.warnings, source } : { kind: 'refused', message: `${source}: ${r.message} Nothing was changed.` };
    }
  }

  const read = fileName !== undefined ? docsFromFile(fileName, text) : readPasted(format, text);
  const { docs, loaded, single } = read;
  if (docs.length === 0) {
    const trace = traceByContent(fileName, text);
    if (trace) return trace;
    // A pasted rule file cut short opens to be fixed, as an imported one does (review13 #9: the
    // paste was refused while Import of the same text opened it at its error).
    const broken = fileName ? brokenRuleDoc(fileName, text, loaded) : RULE_FILE_MARK.test(text) ? brokenRuleDoc(`pasted.${format}`, text, loaded) : undefined;
    if (broken) {
      const { start } = broken.error.range;
      return { kind: 'docs', docs: [broken.doc], source, broken: { line: start.line, column: start.column, message: broken.error.message } };
    }
    const first = loaded.diagnostics.find((d) => d.severity === 'error');
    const why = first ? `${first.message.replace(/[.\s]+$/, '')} (line ${first.range.start.line}).` : 'it holds no agent and no workflow.';
    return { kind: 'refused', message: `Could not import ${fileName ?? 'the pasted text'}: ${why} Nothing was changed.` };
  }
  // Pasted agents are named after themselves rather than `pasted.toml`; a permission dialect's
  // document keeps its usual file name (its rules carry that path, and it says the format).
  const named = fileName ? docs : docs.map((d) => (d.kind === 'agent' && !isPermissionFamily(d.agent.family) ? { ...d, fileName: `${d.agent.name || 'agent'}.${d.agent.family === 'letta' ? 'json' : 'toml'}` } : d));
  return { kind: 'docs', docs: named, source, ...(fileName && single ? { loaded } : {}) };
}
