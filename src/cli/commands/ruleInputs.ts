/**
 * The rule files `check` and `verify` read, from what the user named: files as given, `-` for
 * stdin, folders walked and globs expanded. Files met while walking (or by a glob) are picked by
 * content: those that are not rule files (F003 "Not a rule file", e.g. `.pre-commit-config.yaml`,
 * `pyproject.toml`) are skipped silently; a file named explicitly still gets its F003.
 */
import { isNotRuleFile, loadRuleFile, type LoadOptions } from '../../core/codecs/load.ts';
import type { LoadedFile } from '../../core/codecs/types.ts';
import { termSafe } from '../escape.ts';
import type { CliContext } from '../context.ts';
import { UnreadableError } from '../io.ts';
import { UsageError } from '../registry.ts';

/** The name stdin's diagnostics carry. */
export const STDIN_NAME = '<stdin>';

/** Extensions a walk considers; anything else under a folder is never read. */
const RULE_EXTENSIONS = /\.(toml|ya?ml|json|af)$/i;

const isGlob = (p: string) => /[*?[]/.test(p);

/** A glob as a regular expression over `/`-separated paths: `**` any folders, `*` and `?` within one segment, `[…]` a class. */
export function globRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        const body = glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = end;
      }
    } else re += /[.+^${}()|\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${re}$`);
}

/** The files a glob names: the folder before its first wildcard segment is walked and each path matched. */
function expandGlob(ctx: CliContext, glob: string): string[] {
  const segments = glob.split('/');
  const fixed = segments.findIndex(isGlob);
  const base = segments.slice(0, fixed).join('/');
  const root = base === '' ? (glob.startsWith('/') ? '/' : '.') : base;
  if (!ctx.listFiles) throw new UsageError(`cannot expand ${termSafe(glob)} here`);
  const re = globRegExp(glob.replace(/^\.\//, ''));
  let found: string[];
  try {
    found = ctx.listFiles(root);
  } catch (e) {
    if (e instanceof UnreadableError) return []; // the glob's folder does not exist: it matches nothing
    throw e;
  }
  return found.map((f) => (root === '.' ? f.replace(/^\.\//, '') : f)).filter((f) => re.test(f));
}

/** The files under a path, or undefined when it does not exist. */
function listOrUndefined(ctx: CliContext, path: string): string[] | undefined {
  try {
    return ctx.listFiles?.(path);
  } catch (e) {
    if (e instanceof UnreadableError) return undefined;
    throw e;
  }
}

export interface RuleInputOptions extends LoadOptions {
  /** Skip files that are not rule files even when named (pre-commit passes every staged YAML). */
  skipOthers?: boolean;
}

/** A rule file read from what the user named: its text as read and what loading it gives. */
export interface RuleInput {
  loaded: LoadedFile;
  text: string;
  /** True for `-`. */
  stdin: boolean;
}

/** Reads and loads one file (unreadable ones throw); a file that is not UTF-8 is refused where it breaks. */
function readInput(ctx: CliContext, path: string, load: LoadOptions): RuleInput {
  if (!ctx.readRuleText) {
    const text = ctx.readText(path);
    return { loaded: loadRuleFile(path, text, undefined, load), text, stdin: false };
  }
  const { text, invalidUtf8 } = ctx.readRuleText(path);
  return { loaded: loadRuleFile(path, text, undefined, invalidUtf8 ? { ...load, invalidUtf8 } : load), text, stdin: false };
}

/**
 * Loads what the user named. A folder or glob that holds no rule file is fine (nothing to
 * check); a glob that matches no file at all is a usage error, as a misspelt file name is.
 */
export function loadRuleInputs(ctx: CliContext, names: readonly string[], options: RuleInputOptions = {}): LoadedFile[] {
  return readRuleInputs(ctx, names, options).map((r) => r.loaded);
}

/** {@link loadRuleInputs} with each file's text (for `fmt`, which rewrites it). */
export function readRuleInputs(
  ctx: CliContext,
  names: readonly string[],
  options: RuleInputOptions = {},
): RuleInput[] {
  const { skipOthers = false, ...load } = options;
  const out: RuleInput[] = [];
  const seen = new Set<string>();
  let stdinRead = false;
  const add = (input: RuleInput, walked: boolean) => {
    if ((walked || skipOthers) && isNotRuleFile(input.loaded)) return;
    out.push(input);
  };
  for (const name of names) {
    if (name === '-') {
      if (stdinRead) throw new UsageError("'-' (stdin) can be named once");
      stdinRead = true;
      if (!ctx.readStdin) throw new UsageError('stdin cannot be read here');
      const text = ctx.readStdin();
      add({ loaded: loadRuleFile(STDIN_NAME, text, undefined, load), text, stdin: true }, false);
      continue;
    }
    let walked: string[] | undefined;
    // A name that exists is a path even when it holds glob characters (`a[1].toml`); without a
    // way to list files (tests, the browser) names are files.
    const existing = ctx.listFiles ? listOrUndefined(ctx, name) : [name];
    if (existing === undefined && isGlob(name)) {
      walked = expandGlob(ctx, name);
      if (walked.length === 0) throw new UsageError(`no file matches ${termSafe(name)}`);
    } else if (existing === undefined) {
      walked = undefined; // a missing file: reading it says so
    } else if (!(existing.length === 1 && existing[0] === name)) walked = existing;
    const paths = walked ? walked.filter((p) => RULE_EXTENSIONS.test(p)) : [name];
    for (const path of paths) {
      if (seen.has(path)) continue;
      seen.add(path);
      add(readInput(ctx, path, load), walked !== undefined);
    }
  }
  return out;
}
