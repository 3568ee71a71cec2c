/**
 * Codex execpolicy rules to Gemini CLI policy rules: each `prefix_rule` becomes one `[[rule]]`
 * for `run_shell_command` whose `commandPrefix` lists every combination of its token
 * alternatives (the words joined by one space), its decision named as Gemini names it
 * (`forbidden` → deny, `prompt` → ask_user). Codex takes the strictest of the matching rules;
 * Gemini the first by priority, so the three decisions get three priorities (deny above ask
 * above allow) and the strictest still wins. Gemini matches the command's text, so a word a shell
 * would have to quote is said only approximately; `host_executable` and `network_rule` have no
 * Gemini counterpart and are named.
 */
import type { CodexPolicy, CodexRule } from '../codex/policy.ts';
import { GEMINI_PRIORITY } from './claudeToGemini.ts';
import { MAX_EXPANSION } from './codexToClaude.ts';
import type { SourceRule, Translation, TranslationNote } from './types.ts';

const DECISION = { forbidden: 'deny', prompt: 'ask_user', allow: 'allow' } as const;
const LIST = { forbidden: 'deny', prompt: 'ask', allow: 'allow' } as const;

const sourceOf = (r: CodexRule): SourceRule => ({
  file: r.file,
  line: r.pos.line,
  col: r.pos.col,
  text: `prefix_rule(${[r.program, ...r.rest.map((alts) => (alts.length === 1 ? alts[0] : `[${alts.join('|')}]`))].join(' ')})`,
});

/** A word as it appears in a command's text when no quoting is needed. */
const plainWord = (w: string) => w !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(w);

/** Printable text for a comment line. */
const commentSafe = (s: string) =>
  [...s].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c)).join('');

/** Translates a Codex policy's prefix rules into one Gemini CLI policy file; names what cannot be said. */
export function codexToGemini(policy: CodexPolicy): Translation {
  const approximate: TranslationNote[] = [];
  const untranslated: TranslationNote[] = [];
  const lines = [
    '# Translated by Rule Studio from Codex execpolicy rules.',
    '# Rules that could not be said here are listed in the translation report.',
  ];
  let translated = 0;
  // A prefix_rule whose first token has alternatives gave several rules of one call: write one table per call.
  const byCall = new Map<number, CodexRule[]>();
  for (const r of policy.rules) byCall.set(r.call, [...(byCall.get(r.call) ?? []), r]);
  for (const group of byCall.values()) {
    const first = group[0] as CodexRule;
    const count = group.reduce((n, r) => n + r.rest.reduce((m, alts) => m * alts.length, 1), 0);
    if (count > MAX_EXPANSION) {
      untranslated.push({
        rule: sourceOf(first),
        why: `its alternatives make ${count} commands, more than the ${MAX_EXPANSION} prefixes a translation writes for one rule`,
      });
      continue;
    }
    const prefixes: string[] = [];
    for (const r of group) {
      let words: string[][] = [[r.program]];
      for (const alts of r.rest) words = words.flatMap((w) => alts.map((a) => [...w, a]));
      for (const ws of words) prefixes.push(ws.join(' '));
    }
    const all = group.flatMap((r) => [r.program, ...r.rest.flat()]);
    if (all.some((w) => w === '' || /\s/.test(w))) {
      untranslated.push({
        rule: sourceOf(first),
        why: 'a token holds whitespace (or is empty): Gemini reads a prefix as words of the command text, so it cannot say one token with a space in it',
      });
      continue;
    }
    if (all.some((w) => !plainWord(w)))
      approximate.push({
        rule: sourceOf(first),
        why: 'a word a shell would quote: Gemini compares the command as written, so only one way of quoting it is matched',
      });
    translated++;
    const list = LIST[first.decision];
    lines.push(
      '',
      `# from ${commentSafe(sourceOf(first).text)} (${commentSafe(first.file)}:${first.pos.line})`,
      '[[rule]]',
      'toolName = "run_shell_command"',
    );
    lines.push(
      `commandPrefix = ${prefixes.length === 1 ? JSON.stringify(prefixes[0]) : `[${prefixes.map((p) => JSON.stringify(p)).join(', ')}]`}`,
    );
    lines.push(
      `decision = ${JSON.stringify(DECISION[first.decision])}`,
      `priority = ${GEMINI_PRIORITY[list]}`,
    );
    if (first.justification !== undefined && first.decision === 'forbidden')
      lines.push(`denyMessage = ${JSON.stringify(first.justification)}`);
  }
  for (const [name, paths] of policy.hostExecutables)
    untranslated.push({
      rule: { file: '', line: 0, col: 0, text: `host_executable(${name}, [${paths.join(', ')}])` },
      why: 'Gemini matches the command as written; it has no list of the paths a program may be run from',
    });
  for (const n of policy.networkRules)
    untranslated.push({
      rule: {
        file: n.file,
        line: n.pos.line,
        col: n.pos.col,
        text: `network_rule(${n.host}, ${n.protocol})`,
      },
      why: "a network rule governs the sandbox's connections; Gemini CLI policies govern tool calls",
    });
  return {
    from: 'codex',
    to: 'gemini',
    text: `${lines.join('\n')}\n`,
    translated,
    approximate,
    untranslated,
  };
}
