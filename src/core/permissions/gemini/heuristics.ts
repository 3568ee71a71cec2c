/**
 * Gemini CLI's shell heuristics (POSIX, no sandbox): before its parts are checked, a shell command
 * that a rule without an argument pattern (or no rule) decides is looked at as one word list. A
 * "dangerous" command (`rm -rf …`, `ln -s`, `find -delete`, `git -c …`) becomes ask_user (except in
 * yolo mode); a "known safe" read-only command (`ls`, `cat`, `git status`, `sed -n 1p`, …) whose
 * paths stay in the workspace turns ask_user into allow. Paths are judged lexically against the
 * workspace (Gemini also follows symlinks on disk, which a pure core cannot).
 */
import type { GeminiDecision, ApprovalMode } from './policy.ts';
import { parseShell, REDIRECTION_NAMES } from './shell.ts';

const OPS = [
  '||',
  '&&',
  ';;',
  '|&',
  '<(',
  '<<<',
  '>>',
  '>&',
  '<&',
  '&',
  ';',
  '(',
  ')',
  '|',
  '<',
  '>',
];

/**
 * shell-quote's word list as Gemini flattens it: quotes removed, `$NAME` expanded to nothing,
 * operators as their text, a `$(` as `$` then `(`; a `#` starting a word ends the list.
 */
export function shellWords(command: string): string[] {
  const out: string[] = [];
  let i = 0;
  const n = command.length;
  while (i < n) {
    const c = command[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const op = OPS.find((o) => command.startsWith(o, i));
    if (op !== undefined) {
      out.push(op);
      i += op.length;
      continue;
    }
    if (c === '#') break;
    let word = '';
    let quoted = false;
    while (i < n) {
      const ch = command[i] as string;
      if (/\s/.test(ch) || OPS.some((o) => command.startsWith(o, i))) break;
      if (ch === "'") {
        const close = command.indexOf("'", i + 1);
        if (close < 0) throw new Error('unterminated quote');
        word += command.slice(i + 1, close);
        quoted = true;
        i = close + 1;
      } else if (ch === '"') {
        i++;
        while (i < n && command[i] !== '"') {
          if (command[i] === '\\' && i + 1 < n) {
            word += command[i + 1];
            i += 2;
          } else if (command[i] === '$' && /[A-Za-z_]/.test(command[i + 1] ?? '')) {
            i++;
            while (i < n && /[A-Za-z0-9_]/.test(command[i] as string)) i++;
          } else word += command[i++];
        }
        if (i >= n) throw new Error('unterminated quote');
        i++;
        quoted = true;
      } else if (ch === '\\' && i + 1 < n) {
        word += command[i + 1];
        i += 2;
      } else if (ch === '$' && /[A-Za-z_]/.test(command[i + 1] ?? '')) {
        i++;
        while (i < n && /[A-Za-z0-9_]/.test(command[i] as string)) i++;
        quoted = true;
      } else {
        word += ch;
        i++;
      }
    }
    if (word !== '' || quoted) out.push(word);
  }
  return out;
}

function normalize(p: string): string {
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return `/${parts.join('/')}`;
}

function inside(ws: string, p: string): boolean {
  return p === ws || p.startsWith(ws === '/' ? '/' : `${ws}/`);
}

function escapes(arg: string, ws: string): boolean {
  if (arg.includes('$') || arg.includes('`')) return true;
  if (arg.startsWith('~')) return true;
  const target = arg.startsWith('/') ? normalize(arg) : normalize(`${ws}/${arg}`);
  return !inside(ws, target);
}

const SAFE = new Set([
  '__read',
  '__write',
  'cat',
  'cd',
  'cut',
  'echo',
  'expr',
  'false',
  'grep',
  'head',
  'id',
  'ls',
  'nl',
  'paste',
  'pwd',
  'rev',
  'seq',
  'stat',
  'tail',
  'tr',
  'true',
  'uname',
  'uniq',
  'wc',
  'which',
  'whoami',
  'numfmt',
  'tac',
]);
const FILE_READING = new Set([
  'cat',
  'head',
  'tail',
  'tac',
  'nl',
  'stat',
  'wc',
  'cut',
  'paste',
  'rev',
  'uniq',
  'numfmt',
  'ls',
  '__read',
]);
const FIND_UNSAFE = new Set([
  '-exec',
  '-execdir',
  '-ok',
  '-okdir',
  '-delete',
  '-fls',
  '-fprint',
  '-fprint0',
  '-fprintf',
]);
const GIT_GLOBAL_WITH_VALUE = [
  '--config-env',
  '--exec-path',
  '--git-dir',
  '--namespace',
  '--super-prefix',
  '--work-tree',
];

function fileArgsStay(args: string[], ws: string, grep: boolean): boolean {
  let dashdash = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i] as string;
    if (!dashdash) {
      if (a === '--') {
        dashdash = true;
        continue;
      }
      if (a === '-') continue;
      if (grep && (a.startsWith('-f') || a.startsWith('--file'))) {
        const f = a.startsWith('--file=')
          ? a.slice(7)
          : a === '--file'
            ? args[++i]
            : a.length > 2
              ? a.slice(2)
              : args[++i];
        if (f !== undefined && f !== '' && escapes(f, ws)) return false;
        continue;
      }
      if (a.startsWith('-')) {
        if (a.includes('=') && escapes(a.slice(a.indexOf('=') + 1), ws)) return false;
        // Gemini treats a dash word as a flag unless a file of that name exists in the workspace.
        continue;
      }
    }
    if (escapes(a, ws)) return false;
  }
  return true;
}

function gitSubcommand(args: string[]): { idx: number; sub: string | null } {
  let skip = false;
  for (let i = 1; i < args.length; i++) {
    if (skip) {
      skip = false;
      continue;
    }
    const a = args[i] as string;
    if (
      GIT_GLOBAL_WITH_VALUE.some((o) => a.startsWith(`${o}=`)) ||
      ((a.startsWith('-C') || a.startsWith('-c')) && a.length > 2)
    )
      continue;
    if (a === '-C' || a === '-c' || GIT_GLOBAL_WITH_VALUE.includes(a)) {
      skip = true;
      continue;
    }
    if (a === '--' || a.startsWith('-')) continue;
    if (['status', 'log', 'diff', 'show', 'branch'].includes(a)) return { idx: i, sub: a };
    return { idx: -1, sub: null };
  }
  return { idx: -1, sub: null };
}

const gitConfigOverride = (args: string[]) =>
  args.some(
    (a) =>
      a === '-c' ||
      a === '--config-env' ||
      (a.startsWith('-c') && a.length > 2) ||
      a.startsWith('--config-env='),
  );
const gitReadOnly = (args: string[]) =>
  !args.some(
    (a) =>
      ['--output', '--ext-diff', '--textconv', '--exec', '--paginate'].includes(a) ||
      a.startsWith('--output=') ||
      a.startsWith('--exec='),
  );
function gitBranchReadOnly(args: string[]): boolean {
  if (args.length === 0) return true;
  let saw = false;
  for (const a of args) {
    if (
      [
        '--list',
        '-l',
        '--show-current',
        '-a',
        '--all',
        '-r',
        '--remotes',
        '-v',
        '-vv',
        '--verbose',
      ].includes(a) ||
      a.startsWith('--format=')
    )
      saw = true;
    else return false;
  }
  return saw;
}
const base64Unsafe = (args: string[]) =>
  args
    .slice(1)
    .some(
      (a) =>
        a === '-o' ||
        a === '--output' ||
        a.startsWith('--output=') ||
        (a.startsWith('-o') && a !== '-o'),
    );

function safeToExec(args: string[], ws: string): boolean {
  const cmd = args[0];
  if (cmd === undefined) return false;
  if (SAFE.has(cmd)) {
    if (cmd === 'cd') {
      let hasPath = false;
      for (const a of args.slice(1)) {
        if (a.startsWith('-')) continue;
        hasPath = true;
        if (escapes(a, ws)) return false;
      }
      return hasPath || !escapes('~', ws);
    }
    if (FILE_READING.has(cmd)) return fileArgsStay(args, ws, false);
    if (cmd === 'grep') return fileArgsStay(args, ws, true);
    return true;
  }
  if (cmd === 'base64')
    return !base64Unsafe(args) && args.slice(1).every((a) => a.startsWith('-') || !escapes(a, ws));
  if (cmd === 'find')
    return (
      !args.some((a) => FIND_UNSAFE.has(a)) &&
      args.slice(1).every((a) => a.startsWith('-') || !escapes(a, ws))
    );
  if (cmd === 'git') {
    if (gitConfigOverride(args)) return false;
    const { idx, sub } = gitSubcommand(args);
    if (sub === null) return false;
    const rest = args.slice(idx + 1);
    return sub === 'branch' ? gitReadOnly(rest) && gitBranchReadOnly(rest) : gitReadOnly(rest);
  }
  if (cmd === 'sed') {
    if (args.length <= 4 && args[1] === '-n' && /^(\d+|\d+,\d+)p$/.test(args[2] ?? ''))
      return args[3] === undefined || args[3] === '' || !escapes(args[3], ws);
    return false;
  }
  // `rg` is safe only from a trusted absolute path; Rule Studio does not know the host's paths.
  return false;
}

/** Gemini's "known safe" test on a word list (also `bash -c '…'` of safe commands). */
export function isKnownSafe(words: string[], workspace: string): boolean {
  if (words.length === 0) return false;
  const args = words.map((a) => (a === 'zsh' ? 'bash' : a));
  if (safeToExec(args, workspace)) return true;
  if (args.length === 3 && args[0] === 'bash' && (args[1] === '-lc' || args[1] === '-c')) {
    const script = args[2] as string;
    if (/[()<>]/.test(script)) return false;
    const parsed = parseShell(script);
    if (parsed.hasError) return false;
    const parts = parsed.details
      .filter((d) => !REDIRECTION_NAMES.has(d.name))
      .map((d) => d.text)
      .filter((t) => t !== '');
    if (parts.length === 0) return false;
    return parts.every((p) => {
      const w = shellWords(p.trim());
      return w.length === 0 || safeToExec(w, workspace);
    });
  }
  return false;
}

/** Gemini's "dangerous" test on a word list. */
export function isDangerous(args: string[]): boolean {
  const cmd = args[0];
  if (cmd === undefined) return false;
  if (
    cmd === 'ln' &&
    args.some(
      (a) =>
        a === '-s' ||
        a === '--symbolic' ||
        (a.startsWith('-') && !a.startsWith('--') && a.includes('s')),
    )
  )
    return true;
  if (cmd === 'rm') return args[1] === '-f' || args[1] === '-rf' || args[1] === '-fr';
  if (cmd === 'sudo') return isDangerous(args.slice(1));
  if (cmd === 'find') return args.some((a) => FIND_UNSAFE.has(a));
  if (cmd === 'rg' || cmd.endsWith('/rg'))
    return args.some(
      (a) =>
        a === '--search-zip' ||
        a === '-z' ||
        a === '--pre' ||
        a.startsWith('--pre=') ||
        a === '--hostname-bin' ||
        a.startsWith('--hostname-bin='),
    );
  if (cmd === 'git') {
    if (gitConfigOverride(args)) return true;
    const { idx, sub } = gitSubcommand(args);
    if (sub === null) return false;
    const rest = args.slice(idx + 1);
    return sub === 'branch' ? !(gitReadOnly(rest) && gitBranchReadOnly(rest)) : !gitReadOnly(rest);
  }
  if (cmd === 'base64') return base64Unsafe(args);
  return false;
}

/** Gemini's `applyShellHeuristics` with a trusted folder and the command run in the workspace. */
export function applyShellHeuristics(
  command: string,
  decision: GeminiDecision,
  mode: ApprovalMode,
  workspace: string,
): GeminiDecision {
  if (decision === 'deny') return 'deny';
  let words: string[];
  try {
    words = shellWords(command);
  } catch {
    return decision;
  }
  if (isDangerous(words)) return mode === 'yolo' ? decision : 'ask_user';
  if (decision === 'ask_user' && isKnownSafe(words, workspace)) return 'allow';
  return decision;
}
