/**
 * Notes that explain a Claude Code decision past its reason (review17 #5, #8): for a Bash command
 * no rule decided, the closest rule that nearly matched and why it did not; for a read-only
 * command that reads a path a `Read(…)` deny covers, that the deny does not apply to Bash.
 *
 * Semantics, from the permissions page (code.claude.com/docs/en/permissions, "Wildcard patterns",
 * "Read and Edit"; `docs/claude-permissions.md`): an exact rule matches the command as written; the
 * legacy `prefix:*` is the same as a trailing ` *`, so its prefix must be followed by a space or
 * the end of the command (`Bash(npm run test:*)` does not match `npm run test:unit`); the space
 * before `*` is a word boundary (`Bash(ls *)` does not match `lsof`); "Read and Edit deny rules
 * apply to Claude's built-in file tools, not to Bash subprocesses" (a `Read(./.env)` deny does not
 * stop `cat .env`).
 */
import { commandParts } from './bash.ts';
import { decide } from './decide.ts';
import type { PermissionPolicy } from './settings.ts';
import { isReadOnlyCommand } from './tools.ts';
import type { DecideContextInput, PermissionRule } from './types.ts';

/** A Bash rule that nearly matched a command's part, and why it did not. */
export interface NearMiss {
  rule: string;
  list: PermissionRule['source']['list'];
  part: string;
  why: string;
}

const squeeze = (s: string) => s.trim().replace(/\s+/g, ' ');
/** A command part as a note quotes it: its first 80 characters. */
const quoted = (s: string) => (s.length > 80 ? `${s.slice(0, 79)}…` : s);

/** The words `a` and `b` share from their start. */
function sharedWords(a: string, b: string): number {
  const x = squeeze(a).split(' ');
  const y = squeeze(b).split(' ');
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/** Why `part` misses the Bash rule (form, pattern), with how close it came (higher is closer); undefined when it is not near. */
function missOf(form: 'exact' | 'prefix' | 'wildcard', pattern: string, text: string, part: string): { why: string; score: number } | undefined {
  const p = pattern.trim();
  const spaced = squeeze(part) !== part.trim();
  if (form === 'exact') {
    if (squeeze(part) === squeeze(p)) return { why: `the command has runs of spaces where the rule has one; an exact rule matches the command as written, character for character`, score: 1000 };
    if (part.startsWith(`${p} `)) return { why: `an exact rule matches only \`${p}\` itself, not what follows it; \`Bash(${p} *)\` would match \`${part}\``, score: 900 };
  }
  if (form === 'prefix') {
    if (spaced && (squeeze(part) === squeeze(p) || squeeze(part).startsWith(`${squeeze(p)} `))) return { why: 'the command has runs of spaces where the rule has one, and a prefix is matched as written', score: 1000 };
    if (part.startsWith(p) && part.length > p.length)
      return { why: `a prefix rule (\`${p}:*\`, the same as \`${p} *\`) needs a space or the end of the command right after \`${p}\`, and here \`${part.slice(p.length, p.length + 12)}\` follows it; \`Bash(${p}*)\` (no space) would match`, score: 950 };
  }
  if (form === 'wildcard') {
    const boundary = / \*$/.test(p) && !p.slice(0, -2).includes('*') ? p.slice(0, -2) : undefined;
    if (boundary !== undefined && part.startsWith(boundary) && part.length > boundary.length && part[boundary.length] !== ' ')
      return { why: `the space before \`*\` is a word boundary: \`${p}\` needs a space or the end of the command after \`${boundary}\`; \`Bash(${boundary}*)\` would match`, score: 950 };
  }
  const shared = sharedWords(part, p.replace(/:\*$/, ''));
  if (shared === 0) return undefined;
  const need = squeeze(p.replace(/:\*$/, '').replace(/ \*$/, ''));
  return { why: `the command starts \`${squeeze(part).split(' ').slice(0, shared + 1).join(' ')}\` where the rule needs \`${need}\``, score: shared * 10 + Math.min(need.length, 9) };
}

/**
 * The Bash rule closest to matching a part of `command` that no rule decided, and why it did not
 * match: an exact rule against extra spaces or trailing words, a prefix rule against a word
 * boundary, else the rule that shares most leading words. Undefined when no rule comes near.
 */
export function bashNearMiss(policy: PermissionPolicy, command: string): NearMiss | undefined {
  let best: (NearMiss & { score: number }) | undefined;
  const parts = commandParts(command);
  for (const r of policy.rules) {
    if (r.parsed.kind !== 'bash' || r.parsed.tool !== 'Bash') continue;
    for (const part of parts) {
      const m = missOf(r.parsed.form, r.parsed.pattern, r.source.text, part);
      if (m && (!best || m.score > best.score)) best = { rule: r.source.text, list: r.source.list, part, why: m.why, score: m.score };
    }
  }
  if (!best) return undefined;
  const { score: _score, ...miss } = best;
  return miss;
}

/** A `Read(…)` deny that covers a path a read-only Bash command reads, which Claude Code does not apply to Bash. */
export interface ReadDenyBypass {
  /** The deny rule, as written (`Read(./.env)`). */
  rule: string;
  /** The command's part that reads the path (`cat .env`). */
  part: string;
  /** The path word as the command writes it (`.env`). */
  path: string;
  /** A Bash deny rule that stops this command as written (`Bash(cat .env)`). */
  suggestion: string;
}

/** Path-like words of a part (after its program): not options, unquoted. */
function pathWords(part: string): string[] {
  return part
    .trim()
    .split(/\s+/)
    .slice(1)
    .filter((w) => w !== '' && !w.startsWith('-'))
    .map((w) => w.replace(/^['"]|['"]$/g, ''));
}

/**
 * For a Bash command allowed as read-only, the first `Read(…)` deny that would refuse the Read
 * tool one of the paths it reads: Claude Code does not apply it to Bash, so the command still runs.
 */
export function readDenyBypass(policy: PermissionPolicy, command: string, ctx: DecideContextInput): ReadDenyBypass | undefined {
  if (!policy.rules.some((r) => r.source.list === 'deny' && r.parsed.kind === 'path' && r.parsed.tool === 'Read')) return undefined;
  for (const part of commandParts(command)) {
    if (!isReadOnlyCommand(part)) continue;
    for (const path of pathWords(part)) {
      const d = decide(policy, { name: 'Read', input: { file_path: path } }, ctx);
      if (d.decision === 'deny' && d.rule && d.rule.list === 'deny' && /^Read\(/.test(d.rule.text)) {
        return { rule: d.rule.text, part: squeeze(part), path, suggestion: `Bash(${squeeze(part)})` };
      }
    }
  }
  return undefined;
}

/**
 * The notes that explain `decision` of the Bash `command` past its reason: the near miss when no
 * rule decided, the Read deny that does not apply to a read-only command it allowed.
 */
export function bashNotes(policy: PermissionPolicy, command: string, decided: { decision: string; rule?: unknown }, ctx: DecideContextInput): string[] {
  const notes: string[] = [];
  if (decided.decision === 'allow') {
    const b = readDenyBypass(policy, command, ctx);
    if (b)
      notes.push(
        `note: the deny rule \`${b.rule}\` does not apply to Bash — Read and Edit rules cover Claude’s own file tools, not shell commands, so \`${quoted(b.part)}\` still reads \`${b.path}\`. A Bash deny such as \`${b.suggestion}\` stops this command (the sandbox stops every process).`,
      );
  }
  if (decided.rule === undefined && decided.decision !== 'deny') {
    const m = bashNearMiss(policy, command);
    if (m && !(decided.decision === 'allow' && m.list === 'allow')) notes.push(`closest rule: \`${m.rule}\` (${m.list}) did not match \`${quoted(m.part)}\`: ${m.why}.`);
  }
  return notes;
}
