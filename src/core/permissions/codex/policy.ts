/**
 * Codex execpolicy (`docs/codex-execpolicy.md`): reads `.rules` files (Starlark with
 * `prefix_rule`, `host_executable`, `network_rule`), refuses what Codex refuses at load with a
 * stable code at line:col, and decides a command (argv) as `codex execpolicy check` does.
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import { Builtin, DEFAULT_BUDGET, Interpreter, parseStarlark, SList, StarlarkError, standardBuiltins, typeName, type Budget, type Pos, type Value } from './starlark.ts';
import { shlexSplit } from './shlex.ts';
import { parseStarlarkRecovering } from './recover.ts';
import { append } from '../../model/append.ts';

/** Codex's three decisions, weakest first. */
export type CodexDecision = 'allow' | 'prompt' | 'forbidden';
const SEVERITY: Record<CodexDecision, number> = { allow: 0, prompt: 1, forbidden: 2 };

/** One rule after first-token expansion: a `prefix_rule` whose first token has N alternatives gives N rules. */
export interface CodexRule {
  /** 0-based, in load order over all files. */
  index: number;
  file: string;
  /** Position of the `prefix_rule` call. */
  pos: Pos;
  /** 0-based index of the `prefix_rule` call this rule came from (over all files). */
  call: number;
  /** The first token (exact, case-sensitive). */
  program: string;
  /** The other tokens, each a list of alternatives (one element = a single token). */
  rest: string[][];
  decision: CodexDecision;
  justification?: string;
}

/** A `network_rule` (kept, not used for command decisions). */
export interface CodexNetworkRule {
  file: string;
  pos: Pos;
  host: string;
  protocol: 'http' | 'https' | 'socks5_tcp' | 'socks5_udp';
  decision: CodexDecision;
  justification?: string;
}

/** The rules of one or more `.rules` files, merged in the order given. */
export interface CodexPolicy {
  rules: CodexRule[];
  byProgram: Map<string, CodexRule[]>;
  /** `host_executable` name → absolute paths (a later declaration of a name replaces the earlier). */
  hostExecutables: Map<string, string[]>;
  networkRules: CodexNetworkRule[];
}

/** A `.rules` file to read: the path used in positions and its text. */
export interface RulesFileInput {
  path: string;
  text: string;
}

export interface LoadOptions {
  /**
   * Home directory for `~/…` in `host_executable` paths. Codex 0.171.0 refuses `~/` paths (its
   * README documents them for a later release); giving a home accepts them as that release does.
   */
  home?: string;
  budget?: Budget;
  /**
   * Reads what can be read of a file Codex refuses (the studio's graph and Inspector, while a rule
   * is being typed): a top-level statement that does not parse or evaluate is left out and the rest
   * is read ({@link parseStarlarkRecovering}); each is an error marked `dropped`. `refused` is set
   * all the same, so nothing is decided as if Codex loaded the file.
   */
  recover?: boolean;
}

/** The outcome of reading: the policy, the load errors (K0xx) and whether Codex would refuse it. */
export interface CodexLoad {
  policy: CodexPolicy;
  diagnostics: Diagnostic[];
  /** True when any file has an error: Codex refuses the whole set. */
  refused: boolean;
}

interface PendingExamples {
  file: string;
  pos: Pos;
  rules: CodexRule[];
  matches: string[][];
  notMatches: string[][];
}

function diag(code: string, message: string, file: string, pos: Pos): Diagnostic {
  return { code, severity: 'error', message, file, range: { start: { line: pos.line, column: pos.col }, end: { line: pos.line, column: pos.col } }, target: { kind: 'file' } };
}

const droppedDiag = (e: StarlarkError, file: string): Diagnostic => ({ ...diag(e.code, e.message, file, e.pos), dropped: 'rule' });

/** Runs what reads of a file Codex refuses, statement by statement (`LoadOptions.recover`); false when something was left out. */
function runRecovering(interp: Interpreter, text: string, file: string, diagnostics: Diagnostic[]): boolean {
  const parsed = parseStarlarkRecovering(text);
  for (const e of parsed.errors) diagnostics.push(droppedDiag(e, file));
  let clean = parsed.errors.length === 0;
  for (const s of parsed.stmts) {
    try {
      interp.run([s]);
    } catch (e) {
      // Past the budget (K004) every later statement would fail too.
      if (!(e instanceof StarlarkError) || e.code === 'K004') throw e;
      diagnostics.push(droppedDiag(e, file));
      clean = false;
    }
  }
  return clean;
}

/** Rust's `str::trim` whitespace (Unicode White_Space), which Codex uses for blank justifications. */
function rustTrim(s: string): string {
  return s.replace(/^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g, '');
}

/**
 * Normalises an absolute path as Codex's `AbsolutePathBuf` does: empty and `.` components
 * dropped, `..` removes the component before it (lexically; never above `/`).
 */
export function normalizeAbsolute(p: string): string {
  const parts: string[] = [];
  for (const c of p.split('/')) {
    if (c === '' || c === '.') continue;
    if (c === '..') parts.pop();
    else parts.push(c);
  }
  return '/' + parts.join('/');
}

/** The file name of a path as Rust's `Path::file_name` gives it (none for `/` or a `..` ending). */
export function fileName(p: string): string | null {
  const parts = p.split('/').filter((c) => c !== '' && c !== '.');
  const last = parts[parts.length - 1];
  if (last === undefined || last === '..') return null;
  return last;
}

function args(name: string, params: readonly string[], required: readonly string[], a: Value[], kw: Map<string, Value>, pos: Pos): Map<string, Value> {
  if (a.length > params.length) throw new StarlarkError('K003', `\`${name}\` takes at most ${params.length} positional arguments, ${a.length} given`, pos);
  const out = new Map<string, Value>();
  a.forEach((v, i) => out.set(params[i] as string, v));
  for (const [k, v] of kw) {
    if (!params.includes(k)) throw new StarlarkError('K003', `\`${name}\` has no parameter \`${k}\``, pos);
    if (out.has(k)) throw new StarlarkError('K003', `argument \`${k}\` of \`${name}\` given twice`, pos);
    out.set(k, v);
  }
  for (const r of required) if (!out.has(r)) throw new StarlarkError('K003', `missing argument \`${r}\` of \`${name}\``, pos);
  return out;
}

function optString(name: string, v: Value | undefined, pos: Pos): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new StarlarkError('K003', `\`${name}\` must be a string, not a ${typeName(v)}`, pos);
  return v;
}

function list(name: string, v: Value | undefined, pos: Pos): Value[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!(v instanceof SList)) throw new StarlarkError('K003', `\`${name}\` must be a list, not a ${typeName(v)}`, pos);
  return v.items;
}

function parseDecision(raw: string, pos: Pos, network: boolean): CodexDecision {
  if (raw === 'allow' || raw === 'prompt' || raw === 'forbidden') return raw;
  if (network && raw === 'deny') return 'forbidden';
  const hint = raw === 'deny' ? ' (`deny` is only accepted by `network_rule`; use `forbidden`)' : '';
  throw new StarlarkError('K011', `invalid decision \`${raw}\`: use allow, prompt or forbidden${hint}`, pos);
}

function parseExample(v: Value, pos: Pos): string[] {
  if (typeof v === 'string') {
    const tokens = shlexSplit(v);
    if (tokens === null) throw new StarlarkError('K013', `example ${JSON.stringify(v)} has invalid shell syntax`, pos);
    if (tokens.length === 0) throw new StarlarkError('K013', 'an example cannot be an empty string', pos);
    return tokens;
  }
  if (v instanceof SList) {
    const tokens = v.items.map((t) => {
      if (typeof t !== 'string') throw new StarlarkError('K013', `example tokens must be strings (got ${typeName(t)})`, pos);
      return t;
    });
    if (tokens.length === 0) throw new StarlarkError('K013', 'an example cannot be an empty list', pos);
    return tokens;
  }
  throw new StarlarkError('K013', `an example must be a string or a list of strings (got ${typeName(v)})`, pos);
}

function newPolicy(): CodexPolicy {
  return { rules: [], byProgram: new Map(), hostExecutables: new Map(), networkRules: [] };
}

function addRule(p: CodexPolicy, r: CodexRule): void {
  p.rules.push(r);
  const list = p.byProgram.get(r.program);
  if (list === undefined) p.byProgram.set(r.program, [r]);
  else list.push(r);
}

/**
 * Reads `.rules` files in order into one policy, as `codex execpolicy check --rules A --rules B`
 * does. Each file is evaluated, then its rules' `match` / `not_match` examples are checked (not_match
 * first) against the rules of their own call with host-executable resolution on. Any error refuses
 * the set (`refused`); the diagnostics say where and why.
 */
export function loadCodexRules(files: readonly RulesFileInput[], options: LoadOptions = {}): CodexLoad {
  const home = options.home;
  const policy = newPolicy();
  const diagnostics: Diagnostic[] = [];
  let call = 0;
  for (const file of files) {
    const pending: PendingExamples[] = [];
    const holder: { interp?: Interpreter } = {};
    const builtins = standardBuiltins(() => holder.interp as Interpreter);
    builtins.set('prefix_rule', new Builtin('prefix_rule', (a, kw, pos) => {
      const m = args('prefix_rule', ['pattern', 'decision', 'match', 'not_match', 'justification'], ['pattern'], a, kw, pos);
      const rawDecision = optString('decision', m.get('decision'), pos);
      const decision = rawDecision === undefined ? 'allow' : parseDecision(rawDecision, pos, false);
      const justification = optString('justification', m.get('justification'), pos);
      if (justification !== undefined && rustTrim(justification) === '') throw new StarlarkError('K012', 'justification cannot be empty', pos);
      const pattern = list('pattern', m.get('pattern'), pos) ?? [];
      const tokens = pattern.map((t) => {
        if (typeof t === 'string') return [t];
        if (t instanceof SList) {
          const alts = t.items.map((x) => {
            if (typeof x !== 'string') throw new StarlarkError('K010', `a pattern alternative must be a string (got ${typeName(x)})`, pos);
            return x;
          });
          if (alts.length === 0) throw new StarlarkError('K010', 'pattern alternatives cannot be empty', pos);
          return alts;
        }
        throw new StarlarkError('K010', `a pattern element must be a string or a list of strings (got ${typeName(t)})`, pos);
      });
      if (tokens.length === 0) throw new StarlarkError('K010', 'pattern cannot be empty', pos);
      const matches = (list('match', m.get('match'), pos) ?? []).map((x) => parseExample(x, pos));
      const notMatches = (list('not_match', m.get('not_match'), pos) ?? []).map((x) => parseExample(x, pos));
      const [first, ...rest] = tokens as [string[], ...string[][]];
      const rules = first.map((program): CodexRule => ({ index: policy.rules.length, file: file.path, pos, call, program, rest, decision, justification }));
      for (const r of rules) {
        r.index = policy.rules.length;
        addRule(policy, r);
      }
      call++;
      pending.push({ file: file.path, pos, rules, matches, notMatches });
      return null;
    }));
    builtins.set('host_executable', new Builtin('host_executable', (a, kw, pos) => {
      const m = args('host_executable', ['name', 'paths'], ['name', 'paths'], a, kw, pos);
      const name = m.get('name');
      if (typeof name !== 'string') throw new StarlarkError('K003', `\`name\` must be a string, not a ${typeName(name ?? null)}`, pos);
      if (name === '') throw new StarlarkError('K020', 'host_executable name cannot be empty', pos);
      if (name.includes('/') || name === '.' || name === '..') throw new StarlarkError('K020', `host_executable name must be a bare executable name (got ${name})`, pos);
      const paths: string[] = [];
      for (const raw of list('paths', m.get('paths'), pos) ?? []) {
        if (typeof raw !== 'string') throw new StarlarkError('K020', `host_executable paths must be strings (got ${typeName(raw)})`, pos);
        let abs: string;
        if (raw.startsWith('/')) abs = raw;
        else if (raw.startsWith('~/') && home !== undefined) abs = home.replace(/\/+$/, '') + raw.slice(1);
        else throw new StarlarkError('K020', `host_executable paths must be absolute (got ${raw})`, pos);
        if (fileName(abs) !== name) throw new StarlarkError('K020', `host_executable path \`${raw}\` must have basename \`${name}\``, pos);
        const norm = normalizeAbsolute(abs);
        if (!paths.includes(norm)) paths.push(norm);
      }
      policy.hostExecutables.set(name, paths);
      return null;
    }));
    builtins.set('network_rule', new Builtin('network_rule', (a, kw, pos) => {
      const m = args('network_rule', ['host', 'protocol', 'decision', 'justification'], ['host', 'protocol', 'decision'], a, kw, pos);
      const host = optString('host', m.get('host'), pos) ?? '';
      const protocolRaw = optString('protocol', m.get('protocol'), pos) ?? '';
      const protocol = protocolRaw === 'http' ? 'http' : ['https', 'https_connect', 'http-connect'].includes(protocolRaw) ? 'https' : protocolRaw === 'socks5_tcp' || protocolRaw === 'socks5_udp' ? protocolRaw : null;
      if (protocol === null) throw new StarlarkError('K021', `network_rule protocol must be one of http, https, socks5_tcp, socks5_udp (got ${protocolRaw})`, pos);
      const decision = parseDecision(optString('decision', m.get('decision'), pos) ?? '', pos, true);
      const justification = optString('justification', m.get('justification'), pos);
      if (justification !== undefined && rustTrim(justification) === '') throw new StarlarkError('K012', 'justification cannot be empty', pos);
      const h = host.trim().toLowerCase();
      if (h === '' || /:\/\/|[/?#*\s]/.test(h)) throw new StarlarkError('K021', `network_rule host must be a specific hostname or IP literal (got ${host})`, pos);
      policy.networkRules.push({ file: file.path, pos, host: h, protocol, decision, justification });
      return null;
    }));
    const interp = new Interpreter(builtins, options.budget ?? DEFAULT_BUDGET);
    holder.interp = interp;
    try {
      if (options.recover === true) {
        if (!runRecovering(interp, file.text, file.path, diagnostics)) continue;
      } else interp.run(parseStarlark(file.text));
    } catch (e) {
      if (!(e instanceof StarlarkError)) throw e;
      diagnostics.push(diag(e.code, e.message, file.path, e.pos));
      continue;
    }
    for (const p of pending) append(diagnostics, checkExamples(p, policy.hostExecutables));
  }
  return { policy, diagnostics, refused: diagnostics.some((d) => d.severity === 'error') };
}

function render(argv: readonly string[]): string {
  return argv.map((t) => (/^[A-Za-z0-9_./=:@%+,-]+$/.test(t) ? t : `'${t.replace(/'/g, `'"'"'`)}'`)).join(' ');
}

function checkExamples(p: PendingExamples, hostExecutables: Map<string, string[]>): Diagnostic[] {
  const local = newPolicy();
  for (const r of p.rules) addRule(local, r);
  local.hostExecutables = hostExecutables;
  const out: Diagnostic[] = [];
  for (const ex of p.notMatches)
    if (matchCommand(local, ex, { resolveHostExecutables: true }).length > 0) out.push(diag('K015', `the not_match example \`${render(ex)}\` matches this rule`, p.file, p.pos));
  if (out.length > 0) return out;
  for (const ex of p.matches)
    if (matchCommand(local, ex, { resolveHostExecutables: true }).length === 0) out.push(diag('K014', `the match example \`${render(ex)}\` matches no rule of this prefix_rule`, p.file, p.pos));
  return out;
}

// ---------------------------------------------------------------- decisions

export interface CheckOptions {
  /** `--resolve-host-executables`: fall back from `/abs/path/git` to rules for `git`. */
  resolveHostExecutables?: boolean;
}

/** One matched rule, in the shape `codex execpolicy check` prints plus the rule it came from. */
export interface CodexMatch {
  rule: CodexRule;
  matchedPrefix: string[];
  decision: CodexDecision;
  justification?: string;
  /** The absolute program when the match came through basename fallback. */
  resolvedProgram?: string;
}

/** The evaluation of one command: every matching rule in load order; the strictest decision, if any. */
export interface CodexEvaluation {
  matchedRules: CodexMatch[];
  decision?: CodexDecision;
}

function prefixMatch(r: CodexRule, argv: readonly string[]): string[] | null {
  if (argv.length < r.rest.length + 1 || argv[0] !== r.program) return null;
  for (let i = 0; i < r.rest.length; i++) if (!(r.rest[i] as string[]).includes(argv[i + 1] as string)) return null;
  return argv.slice(0, r.rest.length + 1);
}

function matchCommand(p: CodexPolicy, argv: readonly string[], options: CheckOptions): CodexMatch[] {
  const first = argv[0];
  if (first === undefined) return [];
  const exact: CodexMatch[] = [];
  for (const r of p.byProgram.get(first) ?? []) {
    const m = prefixMatch(r, argv);
    if (m !== null) exact.push({ rule: r, matchedPrefix: m, decision: r.decision, justification: r.justification });
  }
  if (exact.length > 0 || options.resolveHostExecutables !== true || !first.startsWith('/')) return exact;
  const base = fileName(first);
  if (base === null) return [];
  const rules = p.byProgram.get(base);
  if (rules === undefined) return [];
  const allowed = p.hostExecutables.get(base);
  const program = normalizeAbsolute(first);
  if (allowed !== undefined && !allowed.includes(program)) return [];
  const cmd = [base, ...argv.slice(1)];
  const out: CodexMatch[] = [];
  for (const r of rules) {
    const m = prefixMatch(r, cmd);
    if (m !== null) out.push({ rule: r, matchedPrefix: m, decision: r.decision, justification: r.justification, resolvedProgram: program });
  }
  return out;
}

/** Decides one command as `codex execpolicy check` does: all matching rules, strictest decision wins. */
export function checkCommand(p: CodexPolicy, argv: readonly string[], options: CheckOptions = {}): CodexEvaluation {
  const matchedRules = matchCommand(p, argv, options);
  if (matchedRules.length === 0) return { matchedRules };
  let decision: CodexDecision = 'allow';
  for (const m of matchedRules) if (SEVERITY[m.decision] > SEVERITY[decision]) decision = m.decision;
  return { matchedRules, decision };
}

/** The JSON `codex execpolicy check` prints for an evaluation (field order as Codex writes it). */
export function toCodexJson(e: CodexEvaluation): unknown {
  const matchedRules = e.matchedRules.map((m) => ({
    prefixRuleMatch: {
      matchedPrefix: m.matchedPrefix,
      decision: m.decision,
      ...(m.resolvedProgram === undefined ? {} : { resolvedProgram: m.resolvedProgram }),
      ...(m.justification === undefined ? {} : { justification: m.justification }),
    },
  }));
  return e.decision === undefined ? { matchedRules } : { matchedRules, decision: e.decision };
}

/** Strictness order of decisions (allow 0, prompt 1, forbidden 2). */
export function severityOf(d: CodexDecision): number {
  return SEVERITY[d];
}
