/**
 * A small glob matcher for permission specifiers, without regular expressions (rule patterns in
 * the core never reach the JS regex engine): one dynamic-programming pass, O(pattern × text).
 */

type Tok =
  | { t: 'lit'; c: string }
  /** Any text, `/` included (Bash `*`, path `**` at the end). */
  | { t: 'any' }
  /** Any text within one path segment (path `*`). */
  | { t: 'star' }
  /** One character other than `/` (path `?`). */
  | { t: 'one' }
  /** Nothing, or any text ending in `/` (path `**` followed by `/`). */
  | { t: 'dirs' }
  | { t: 'class'; neg: boolean; items: (string | [string, string])[] };

const cache = new Map<string, Tok[]>();

/** Tokens from `cache`, or made by `make` and kept (a bounded cache: rules are few). */
function cached(key: string, make: () => Tok[]): Tok[] {
  const hit = cache.get(key);
  if (hit) return hit;
  const toks = make();
  if (cache.size >= 4096) cache.clear();
  cache.set(key, toks);
  return toks;
}

/** Tokens of a Bash wildcard specifier: `*` is any text, `\*` and `\\` are literal. */
export function bashTokens(pattern: string): readonly Tok[] {
  return cached(`b${pattern}`, () => makeBashTokens(pattern));
}

/** Tokens of a gitignore-style path glob (`*`, `**`, `?`, `[…]`, `\x`). */
export function pathTokens(glob: string): readonly Tok[] {
  return cached(`p${glob}`, () => makePathTokens(glob));
}

function makeBashTokens(pattern: string): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && (pattern[i + 1] === '*' || pattern[i + 1] === '\\')) {
      out.push({ t: 'lit', c: pattern[i + 1] as string });
      i++;
    } else if (c === '*') out.push({ t: 'any' });
    else out.push({ t: 'lit', c });
  }
  return out;
}

function makePathTokens(glob: string): Tok[] {
  const out: Tok[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      const before = i === 0 || glob[i - 1] === '/';
      const after = glob[i + 2];
      if (before && after === '/') {
        out.push({ t: 'dirs' });
        i += 2;
      } else if (before && after === undefined) {
        out.push({ t: 'any' });
        i += 1;
      } else {
        out.push({ t: 'star' });
        i += 1;
      }
    } else if (c === '*') out.push({ t: 'star' });
    else if (c === '?') out.push({ t: 'one' });
    else if (c === '[' && glob.indexOf(']', i + 2) !== -1) {
      const end = glob.indexOf(']', i + 2);
      let body = glob.slice(i + 1, end);
      const neg = body.startsWith('!') || body.startsWith('^');
      if (neg) body = body.slice(1);
      const items: (string | [string, string])[] = [];
      for (let k = 0; k < body.length; k++) {
        const a = body[k] as string;
        if (body[k + 1] === '-' && k + 2 < body.length) {
          items.push([a, body[k + 2] as string]);
          k += 2;
        } else items.push(a);
      }
      out.push({ t: 'class', neg, items });
      i = end;
    } else if (c === '\\' && i + 1 < glob.length) {
      out.push({ t: 'lit', c: glob[i + 1] as string });
      i++;
    } else out.push({ t: 'lit', c });
  }
  return out;
}

function classHas(tok: Extract<Tok, { t: 'class' }>, c: string): boolean {
  const hit = tok.items.some((it) => (typeof it === 'string' ? it === c : c >= it[0] && c <= it[1]));
  return tok.neg ? !hit && c !== '/' : hit;
}

/** The two rows of {@link matchTokens}, kept between calls (grown as texts need). */
let rowA = new Uint8Array(256);
let rowB = new Uint8Array(256);

/**
 * Whether the whole of `s` matches the tokens. Leading literal tokens are compared directly (most
 * rules fail on their first characters), then one dynamic-programming pass over the rest, over
 * two reused rows, stopping as soon as no prefix of the text is matched.
 */
export function matchTokens(toks: readonly Tok[], s: string): boolean {
  const n = s.length;
  let t = 0;
  let start = 0;
  for (; t < toks.length; t++) {
    const tok = toks[t] as Tok;
    if (tok.t !== 'lit') break;
    if (s[start] !== tok.c) return false;
    start++;
  }
  if (t === toks.length) return start === n;
  if (rowA.length < n + 1) {
    const size = Math.max(n + 1, rowA.length * 2);
    rowA = new Uint8Array(size);
    rowB = new Uint8Array(size);
  }
  // reach[j]: the text prefix of length j is matched by the tokens seen so far; only j ≥ lo can be.
  let reach = rowA;
  let next = rowB;
  reach.fill(0, start, n + 1);
  reach[start] = 1;
  let lo = start;
  for (; t < toks.length; t++) {
    const tok = toks[t] as Tok;
    next.fill(0, lo, n + 1);
    let first = -1;
    for (let j = lo; j <= n; j++) {
      if (!reach[j]) continue;
      if (first === -1) first = j;
      switch (tok.t) {
        case 'lit':
          if (s[j] === tok.c) next[j + 1] = 1;
          break;
        case 'one':
          if (j < n && s[j] !== '/') next[j + 1] = 1;
          break;
        case 'class':
          if (j < n && classHas(tok, s[j] as string)) next[j + 1] = 1;
          break;
        case 'any':
          next.fill(1, j, n + 1);
          j = n;
          break;
        case 'star':
          for (let k = j; k <= n; k++) {
            next[k] = 1;
            if (s[k] === '/') break;
          }
          break;
        case 'dirs':
          next[j] = 1;
          for (let k = j; k < n; k++) if (s[k] === '/') next[k + 1] = 1;
          break;
      }
    }
    // Nothing matched any prefix: no later token can match.
    let any = false;
    for (let j = first === -1 ? n + 1 : first; j <= n; j++)
      if (next[j]) {
        lo = j;
        any = true;
        break;
      }
    if (!any) return false;
    const swap = reach;
    reach = next;
    next = swap;
  }
  return reach[n] === 1;
}
