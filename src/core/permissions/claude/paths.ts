/**
 * `Read(...)`/`Edit(...)` path patterns (permissions page, "Read and Edit"): gitignore-style
 * globs anchored at `//` (filesystem root), `~/` (home), `/` (the settings file's project root)
 * or `./` and bare (the working directory). `*` stays within one directory, `**` crosses them,
 * a pattern that matches a directory matches everything under it, and a bare pattern without a
 * `/` (like `*.env`) matches at any depth below its base, as in a `.gitignore`.
 */
import { matchTokens, pathTokens } from './glob.ts';
import type { PathAnchor } from './types.ts';

/** `p` with `.` and `..` segments resolved and duplicate slashes removed (POSIX, absolute). */
export function normalizePath(p: string): string {
  if (isNormal(p)) return p;
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return '/' + out.join('/');
}

/**
 * Whether `p` is already what {@link normalizePath} makes of it: absolute, no empty, `.` or `..`
 * segment, no trailing slash (other than `/` itself). Most paths are (a policy's directories are
 * normalised once per rule and call), and this check does not allocate.
 */
function isNormal(p: string): boolean {
  if (p.charCodeAt(0) !== 47) return false;
  if (p.length === 1) return true;
  let segStart = 1;
  for (let i = 1; i <= p.length; i++) {
    if (i < p.length && p.charCodeAt(i) !== 47) continue;
    const len = i - segStart;
    if (len === 0) return false;
    if (p.charCodeAt(segStart) === 46 && (len === 1 || (len === 2 && p.charCodeAt(segStart + 1) === 46))) return false;
    segStart = i + 1;
  }
  return true;
}

/** A call's path made absolute against `cwd` (and `~` against `home`). */
export function absolutePath(p: string, cwd: string, home: string): string {
  if (p === '~' || p.startsWith('~/')) return normalizePath(home + p.slice(1));
  return normalizePath(p.startsWith('/') ? p : `${cwd}/${p}`);
}

/** Whether `path` is `dir` or inside it. */
export function isInside(path: string, dir: string): boolean {
  const d = normalizePath(dir);
  return d === '/' || path === d || path.startsWith(d + '/');
}

/** Where a pattern is anchored, as an absolute directory. */
export function patternBase(anchor: PathAnchor, ctx: { cwd: string; home: string; root: string }): string {
  switch (anchor) {
    case 'absolute':
      return '/';
    case 'home':
      return normalizePath(ctx.home);
    case 'root':
      return normalizePath(ctx.root);
    case 'cwd':
      return normalizePath(ctx.cwd);
  }
}

/**
 * Whether the absolute `path` matches `pattern` anchored at `base`. `floating` (a bare pattern
 * with no `/` but a trailing one) matches at any depth below `base`.
 */
export function pathMatches(pattern: string, base: string, path: string, floating: boolean): boolean {
  if (!isInside(path, base)) return false;
  const rel = base === '/' ? path.slice(1) : path.slice(base.length + 1);
  if (pattern === '') return true;
  const dirOnly = pattern.endsWith('/');
  const glob = dirOnly ? pattern.slice(0, -1) : pattern;
  const toks = pathTokens(glob);
  const segs = rel === '' ? [] : rel.split('/');
  // A match on the path, or on one of its directories (a matched directory covers its contents).
  for (let end = segs.length; end >= 1; end--) {
    if (dirOnly && end === segs.length) continue;
    if (matchTokens(toks, segs.slice(floating ? end - 1 : 0, end).join('/'))) return true;
  }
  return false;
}

/** A bare pattern with no `/` before its end floats to any depth, as in `.gitignore`. */
export function isFloating(pattern: string, explicit: boolean): boolean {
  return !explicit && !pattern.replace(/\/$/, '').includes('/');
}
