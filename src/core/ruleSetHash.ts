/**
 * A short fingerprint of a rule set (its files' names and texts, in name order), so two sides
 * can tell whether they judge by the same rules without sending them again: `follow --studio` sends
 * it with its rule files and the studio compares it with the files it has open.
 */

/** One rule file of a set. */
export interface RuleSetFile {
  name: string;
  text: string;
}

/**
 * The rule set's hash: 16 hex digits (two 32-bit FNV-1a hashes of different offsets over the UTF-16
 * code units). Not cryptographic: it tells edits apart, it does not resist forgery.
 */
export function ruleSetHash(files: readonly RuleSetFile[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  const mix = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
  };
  const sorted = [...files].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  for (const f of sorted) {
    mix(f.name);
    mix('\u0000');
    mix(f.text);
    mix(`\u0000${f.text.length}\u0000`);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
