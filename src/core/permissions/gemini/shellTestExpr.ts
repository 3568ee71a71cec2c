/** The test expressions (`[ … ]`, `[[ … ]]`) the Gemini shell reader accepts: their operators and shapes. */

/** Test operators on one operand (`-f x`) and between two (`a -eq b`, `a = b`). */
export const TEST_UNARY = /^-[a-zA-Z]$/;
export const TEST_BINARY = new Set([
  '=',
  '==',
  '!=',
  '-eq',
  '-ne',
  '-lt',
  '-le',
  '-gt',
  '-ge',
  '-nt',
  '-ot',
  '-ef',
]);

/** One token of a test expression: an operator, or an operand word (or an `=~` pattern). */
export type TestToken = { op: string } | { word: string };

/**
 * Whether Rule Studio reads the binary test operator `op` in a `kind` test. In `[ … ]` only `=`
 * and `!=`: with `==` or `-eq`-like operators tree-sitter-bash may read the test on past its `]`
 * (`[ a -eq b ]⏎x 2>&1⏎[ c ]` is one test there).
 */
function binaryRead(op: string, kind: string): boolean {
  if (kind === '[[') return true;
  return op === '=' || op === '!=';
}

/** Whether test tokens have one of the plain shapes Rule Studio reads (see the reader's `test`). */
export function validTest(tokens: readonly TestToken[], kind: string): boolean {
  if (tokens.length === 0) return kind === '[';
  // No `-a`/`-o` in `[ … ]`: tree-sitter-bash may read such a test on past its `]`.
  const joins = kind === '[' ? [] : ['&&', '||'];
  const opAt = (k: number): string | undefined => {
    const t = tokens[k];
    return t !== undefined && 'op' in t ? t.op : undefined;
  };
  const wordAt = (k: number): boolean => {
    const t = tokens[k];
    return t !== undefined && 'word' in t;
  };
  let i = 0;
  for (;;) {
    if (opAt(i) === '!') i++;
    const op = opAt(i);
    if (op !== undefined) {
      if (!TEST_UNARY.test(op) || !wordAt(i + 1)) return false;
      i += 2;
    } else if (!wordAt(i)) return false;
    else {
      const bin = opAt(i + 1);
      if (bin !== undefined && (TEST_BINARY.has(bin) || bin === '=~')) {
        if (!binaryRead(bin, kind) || !wordAt(i + 2)) return false;
        i += 3;
        // `[[ a = b || … ]]`: tree-sitter-bash reads the right side of `=` and `=~` as a pattern
        // that may run on past the `||`.
        if ((bin === '=' || bin === '=~') && kind === '[[' && i !== tokens.length) return false;
      } else i += 1;
    }
    if (i === tokens.length) return true;
    if (!joins.includes(opAt(i) ?? '')) return false;
    i++;
  }
}
