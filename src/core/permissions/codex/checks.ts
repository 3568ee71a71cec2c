/**
 * Checks on a loaded Codex policy (warnings; Codex itself accepts these files): rules that never
 * change a decision because another rule matches every command they match with an equal (K030)
 * or stricter (K031) decision, and allow rules that let an interpreter, shell or network tool run
 * with any arguments (K032).
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import { severityOf, type CodexPolicy, type CodexRule } from './policy.ts';

/** True when `s` matches every command `r` matches: same program, a prefix of `r`'s tokens, each a superset. */
export function covers(s: CodexRule, r: CodexRule): boolean {
  if (s.program !== r.program || s.rest.length > r.rest.length) return false;
  return s.rest.every((alts, i) => (r.rest[i] as string[]).every((t) => alts.includes(t)));
}

/** Programs that run arbitrary code or reach the network when allowed with any arguments. */
const BROAD = new Set(['bash', 'sh', 'zsh', 'fish', 'dash', 'python', 'python3', 'node', 'deno', 'bun', 'perl', 'ruby', 'php', 'env', 'sudo', 'xargs', 'npx', 'curl', 'wget', 'ssh', 'eval', 'exec', 'find']);

function warn(code: string, r: CodexRule, message: string): Diagnostic {
  return { code, severity: 'warning', message, file: r.file, range: { start: { line: r.pos.line, column: r.pos.col }, end: { line: r.pos.line, column: r.pos.col } }, target: { kind: 'file' } };
}

function show(r: CodexRule): string {
  return [r.program, ...r.rest.map((a) => (a.length === 1 ? (a[0] as string) : `[${a.join('|')}]`))].join(' ');
}

/** Warnings for a policy that Codex loads; rules are reported at their `prefix_rule` call. */
export function checkCodexPolicy(p: CodexPolicy): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rules of p.byProgram.values())
    for (const r of rules) {
      // The strictest other rule that covers r; for equal decisions only an earlier one (so one of two twins is reported).
      let by: CodexRule | undefined;
      for (const s of rules) {
        if (s === r || s.call === r.call || !covers(s, r)) continue;
        const stricter = severityOf(s.decision) > severityOf(r.decision);
        const equalEarlier = s.decision === r.decision && (!covers(r, s) || s.index < r.index);
        if ((stricter || equalEarlier) && (by === undefined || severityOf(s.decision) > severityOf(by.decision))) by = s;
      }
      if (by !== undefined) {
        const where = `${by.file}:${by.pos.line}:${by.pos.col}`;
        if (by.decision === r.decision) out.push(warn('K030', r, `\`${show(r)}\` (${r.decision}) never changes a decision: \`${show(by)}\` at ${where} matches every command it matches with the same decision`));
        else out.push(warn('K031', r, `\`${show(r)}\` (${r.decision}) is shadowed: \`${show(by)}\` at ${where} matches every command it matches and is stricter (${by.decision}), so this rule never decides`));
      }
      if (r.decision === 'allow' && r.rest.length === 0 && BROAD.has(r.program.replace(/^.*\//, '')))
        out.push(warn('K032', r, `\`${show(r)}\` allows \`${r.program}\` with any arguments: it can run any code or reach any host; allow the exact commands instead`));
    }
  return out.sort((a, b) => (a.file === b.file ? a.range.start.line - b.range.start.line : 0));
}
