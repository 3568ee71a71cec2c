/**
 * Reference formatting of Rust debug output (`tool-rules.md` §6), written independently of the
 * engine's own helpers so the differential test also checks the engine's message texts.
 */

/** A string as Rust's `{:?}` writes it: double quotes, escapes for `\`, `"` and control characters. */
export function debugString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\0') out += '\\0';
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return out + '"';
}

/** A list of strings as Rust's `{:?}` writes a `Vec<String>`: `["a", "b"]`. */
export function debugList(items: readonly string[]): string {
  return `[${items.map(debugString).join(', ')}]`;
}

/** A whole number of milliseconds as Rust's `Duration` debug format: `2s`, `1.5s`, `450ms`, `0ns`. */
export function debugDuration(ms: number): string {
  if (ms === 0) return '0ns';
  if (ms < 1000) return `${ms}ms`;
  const secs = Math.floor(ms / 1000);
  const frac = String(ms % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac === '' ? `${secs}s` : `${secs}.${frac}s`;
}
