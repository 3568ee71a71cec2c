/**
 * Agents → TOML in the form Pattern's config loader parses (`tool-rules.md` §2.3): the main
 * config (`[[agents]]` … `[[agents.tool_rules]]`) or one agent file (top-level `name`, `tools`,
 * `[[tool_rules]]`). Scalars are escaped by smol-toml; arrays and `rule_type` are written inline.
 */
import { ruleNumber } from '../../model/ruleNumber.ts';
import { stringify } from 'smol-toml';
import type { Diagnostic } from '../../diagnostics/types.ts';
import { FILE_START } from '../../diagnostics/types.ts';
import { diag } from '../../diagnostics/make.ts';
import type { Agent } from '../../model/toolRules.ts';
import { configAgentHead, configRule, EXPORT_CODES, EXPORT_FILE, toolSpecs, type ConfigObject } from './agentsConfig.ts';
import { TextBuffer } from './textBuffer.ts';
import { append } from '../../model/append.ts';
import { escapeLogCommands } from '../../text/logCommands.ts';

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

/**
 * Characters TOML allows raw but a reader cannot see: DEL, C1 controls, bidi controls, and the
 * line and paragraph separators (which editors and YAML 1.1 readers take as line breaks). smol-toml
 * writes basic strings, where `\uXXXX` means the same character, so they are written escaped.
 */
const INVISIBLE = /[\u007F-\u009F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069]/g;

/**
 * Half of a UTF-16 surrogate pair without its other half (JSON's `"\ud800"` makes one). TOML text
 * is UTF-8, which cannot encode it, and TOML's `\u` escapes must be Unicode scalar values, so it is
 * written as U+FFFD, as any UTF-8 encoder does; `writeRuleFile` warns (X013).
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when `s` is printable ASCII with no `"` or `\\`: its basic string is itself in quotes. */
function isPlainAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/**
 * One TOML scalar (string, number, boolean), escaped by smol-toml. Plain ASCII strings, safe
 * integers and booleans (nearly every scalar of a rule file) are written directly, as smol-toml
 * writes them, without its per-call document.
 */
function tomlScalar(v: string | number | boolean): string {
  if (typeof v === 'string') {
    // `##[` and `##vso[` (CI log commands, found anywhere in a line) with their `#` escaped.
    if (isPlainAscii(v)) return `"${escapeLogCommands(v, '\\u0023')}"`;
  } else if (typeof v === 'boolean') return v ? 'true' : 'false';
  else if (Number.isSafeInteger(v)) return String(v);
  const line = stringify({ v: typeof v === 'string' ? v.replace(LONE_SURROGATE, '\uFFFD') : v });
  const text = line.slice('v = '.length).replace(/\n$/, '');
  return typeof v === 'string' ? escapeLogCommands(text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`), '\\u0023') : text;
}

/** A TOML key: bare when it can be, else a quoted basic string. */
export function tomlKey(key: string): string {
  return BARE_KEY.test(key) ? key : tomlScalar(key);
}

function isPresent(v: unknown): boolean {
  return v !== null && v !== undefined;
}

/** Where inline TOML is written to: a string, or the writer's byte buffer. */
interface TextSink {
  write(s: string): void;
}

/** Writes `v` inline to `out` (see {@link tomlInline}), piece by piece, building no intermediate strings. */
function writeInline(out: TextSink, v: unknown): void {
  if (typeof v === 'string' && isPlainAscii(v)) {
    out.write('"');
    out.write(escapeLogCommands(v, '\\u0023'));
    out.write('"');
  } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out.write(tomlScalar(v));
  else if (Array.isArray(v)) {
    out.write('[');
    let first = true;
    for (const x of v) {
      if (!isPresent(x)) continue;
      if (!first) out.write(', ');
      first = false;
      writeInline(out, x);
    }
    out.write(']');
  } else if (typeof v === 'object' && v !== null) {
    let first = true;
    for (const [k, x] of Object.entries(v)) {
      if (!isPresent(x)) continue;
      out.write(first ? '{ ' : ', ');
      first = false;
      out.write(tomlKey(k));
      out.write(' = ');
      writeInline(out, x);
    }
    out.write(first ? '{}' : ' }');
  } else out.write('""');
}

/**
 * Any JSON-like value as an inline TOML value: arrays `["a", "b"]`, tables `{ k = v }`.
 * TOML has no null: null members are left out (see {@link hasNull}).
 */
export function tomlInline(v: unknown): string {
  const out = { text: '', write(s: string) { this.text += s; } };
  writeInline(out, v);
  return out.text;
}

/** True when a null sits anywhere inside `v` (TOML cannot hold it). */
export function hasNull(v: unknown): boolean {
  if (v === null) return true;
  if (Array.isArray(v)) return v.some(hasNull);
  if (typeof v === 'object') return Object.values(v).some(hasNull);
  return false;
}

/** The text being written: blocks separated by blank lines, in one byte buffer (see {@link TextBuffer}). */
class BlockText {
  private readonly out: TextBuffer;

  /** `agents`: what will be written, to size the buffer (about 130 bytes a rule, 12 a tool) so it rarely grows. */
  constructor(agents: readonly Agent[]) {
    let bytes = 4096;
    for (const a of agents) bytes += 130 * a.rules.length + 12 * a.tools.length;
    this.out = new TextBuffer(bytes);
  }

  /** Appends a block: `header` (or nothing) and the `key = value` lines of a table's present members. */
  table(header: string, o: ConfigObject): void {
    let started = header !== '';
    if (started) this.startBlock(header);
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (!isPresent(v)) continue;
      if (started) this.out.write('\n');
      else this.startBlock('');
      started = true;
      this.out.write(tomlKey(k));
      this.out.write(' = ');
      writeInline(this.out, v);
    }
  }

  private startBlock(header: string): void {
    if (!this.out.empty) this.out.write('\n\n');
    this.out.write(header);
  }

  /** The whole text, ending with a newline when not empty. */
  done(): string {
    if (!this.out.empty) this.out.write('\n');
    return this.out.text();
  }
}

/**
 * Appends the TOML blocks of one agent; `prefix` is `agents.` for the main config, empty for an
 * agent file. Each rule is put in config form and written at once, so its objects die young.
 */
function agentBlocks(agent: Agent, prefix: string, out: BlockText, diagnostics: Diagnostic[]): void {
  out.table(prefix ? '[[agents]]' : '', configAgentHead(agent));
  const ruleHeader = `[[${prefix}tool_rules]]`;
  agent.rules.forEach((rule, i) => out.table(ruleHeader, configRule(agent, i, rule, diagnostics)));
  const specs = toolSpecs(agent);
  if (specs)
    for (const [tool, spec] of Object.entries(specs))
      if (typeof spec === 'object' && spec !== null && !Array.isArray(spec)) out.table(`[${prefix}tool_specs.${tomlKey(tool)}]`, spec);
}

/** Warnings for nulls that TOML drops, one per rule (or agent) that holds any. */
function nullWarnings(agent: Agent): Diagnostic[] {
  const out: Diagnostic[] = [];
  const warn = (what: string, rule?: number) =>
    out.push(
      diag(
        EXPORT_CODES.nullDropped,
        'warning',
        `${what} of agent "${agent.name}" holds null values: TOML has no null, so they are left out of the exported file.`,
        EXPORT_FILE,
        FILE_START,
        rule === undefined ? { kind: 'agent', agent: agent.name } : { kind: 'agent', agent: agent.name, rule },
      ),
    );
  if (hasNull(agent.extra ?? {}) || agent.tools.some((t) => hasNull(t.schema ?? {}))) warn('A kept key or tool schema');
  agent.rules.forEach((r, i) => {
    if (hasNull(r.metadata ?? {}) || hasNull(r.extra ?? {})) warn(`The metadata or a kept key of rule ${ruleNumber(i)} (\`${r.tool_name}\`)`, i);
  });
  return out;
}

/** All agents as Pattern's main config (`[[agents]]`), with export warnings. */
export function writeAgentsToml(agents: readonly Agent[]): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const out = new BlockText(agents);
  for (const a of agents) {
    agentBlocks(a, 'agents.', out, diagnostics);
    append(diagnostics, nullWarnings(a));
  }
  return { text: out.done(), diagnostics };
}

/** One agent as a Pattern agent file (top-level `name`, `tools`, `[[tool_rules]]`), with export warnings. */
export function writeAgentFileToml(agent: Agent): { text: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const out = new BlockText([agent]);
  agentBlocks(agent, '', out, diagnostics);
  append(diagnostics, nullWarnings(agent));
  return { text: out.done(), diagnostics };
}
