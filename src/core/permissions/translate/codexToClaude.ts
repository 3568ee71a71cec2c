/**
 * Codex execpolicy rules to Claude Code permission rules: each `prefix_rule` becomes one
 * `Bash(<words>:*)` rule per combination of its token alternatives, in the list its decision
 * names (`forbidden` → deny, `prompt` → ask). Claude Code matches the command's text, so a word
 * a shell would have to quote is said only approximately; `host_executable` and `network_rule`
 * have no Claude Code counterpart and are named.
 */
import type { CodexPolicy, CodexRule } from '../codex/policy.ts';
import type { SourceRule, Translation, TranslationNote } from './types.ts';

/** At most this many Claude rules from one `prefix_rule` (its alternatives multiply). */
export const MAX_EXPANSION = 256;

const LIST = { forbidden: 'deny', prompt: 'ask', allow: 'allow' } as const;

const sourceOf = (r: CodexRule): SourceRule => ({ file: r.file, line: r.pos.line, col: r.pos.col, text: `prefix_rule(${[r.program, ...r.rest.map((alts) => (alts.length === 1 ? alts[0] : `[${alts.join('|')}]`))].join(' ')})` });

/** A word as it appears in a command's text when no quoting is needed. */
const plainWord = (w: string) => w !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(w);

/** Translates a Codex policy's prefix rules into Claude Code settings; names what cannot be said. */
export function codexToClaude(policy: CodexPolicy): Translation {
  const lists: Record<'deny' | 'ask' | 'allow', string[]> = { deny: [], ask: [], allow: [] };
  const approximate: TranslationNote[] = [];
  const untranslated: TranslationNote[] = [];
  let translated = 0;
  for (const r of policy.rules) {
    // Alternatives of the first token made several rules of one call; the rest are expanded here.
    const count = r.rest.reduce((n, alts) => n * alts.length, 1);
    if (count > MAX_EXPANSION) {
      untranslated.push({ rule: sourceOf(r), why: `its alternatives make ${count} commands, more than the ${MAX_EXPANSION} rules a translation writes for one` });
      continue;
    }
    let words: string[][] = [[r.program]];
    for (const alts of r.rest) words = words.flatMap((w) => alts.map((a) => [...w, a]));
    const quoted = words.some((ws) => ws.some((w) => !plainWord(w)));
    if (words.some((ws) => ws.some((w) => w.includes('*') || w.includes('(') || w.includes(')')))) {
      untranslated.push({ rule: sourceOf(r), why: 'a word holds `*` or a parenthesis, which a Claude Code Bash specifier cannot hold literally' });
      continue;
    }
    if (quoted) approximate.push({ rule: sourceOf(r), why: 'a word a shell would quote: Claude Code compares the command as written, so only one way of quoting it is matched' });
    for (const ws of words) lists[LIST[r.decision]].push(`Bash(${ws.join(' ')}:*)`);
    translated++;
  }
  for (const [name, paths] of policy.hostExecutables)
    untranslated.push({ rule: { file: '', line: 0, col: 0, text: `host_executable(${name}, [${paths.join(', ')}])` }, why: 'Claude Code matches the command as written; it has no list of the paths a program may be run from' });
  for (const n of policy.networkRules)
    untranslated.push({ rule: { file: n.file, line: n.pos.line, col: n.pos.col, text: `network_rule(${n.host}, ${n.protocol})` }, why: "a network rule governs the sandbox's connections; Claude Code's WebFetch(domain:…) governs one tool" });
  const dedupe = (xs: string[]) => [...new Set(xs)];
  const settings = { permissions: { deny: dedupe(lists.deny), ask: dedupe(lists.ask), allow: dedupe(lists.allow) } };
  return { from: 'codex', to: 'claude', text: `${JSON.stringify(settings, null, 2)}\n`, translated, approximate, untranslated };
}
