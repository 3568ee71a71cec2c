/**
 * Learning Gemini CLI `[[rule]]`s from sessions (issue 24), in the shape of the Claude Code and
 * Codex learners: from the calls the policies leave to Gemini's default (ask_user, no rule
 * decides) and the user did not cancel, it proposes allow rules — `commandPrefix` for shell
 * commands (one per command part that still asks, grouped by program and subcommand with the
 * Claude learner's risk classes: an interpreter only by its whole command), `toolName` for other
 * tools. Calls a rule denies or asks for are never learned from. The proposals go to the user
 * tier at {@link LEARNED_PRIORITY}; each is checked by deciding the calls again under the
 * policies plus the proposals.
 */
import { bashProposal, type Risk } from '../claude/learn.ts';
import { checkToolCall, type GeminiToolCall } from './engine.ts';
import { loadGeminiPolicies, type ApprovalMode, type GeminiFileInput } from './policy.ts';
import { parseShell, REDIRECTION_NAMES, stripShellWrapper } from './shell.ts';

/** The user-tier priority of learned rules (below a user's own rules of a higher priority). */
export const LEARNED_PRIORITY = 100;

/** A call to learn from: the tool call, the mode it ran in and what the session recorded. */
export interface GeminiLearnCall {
  call: GeminiToolCall;
  mode?: ApprovalMode;
  /** `cancelled`: the user declined it (never learned from). */
  recorded?: 'success' | 'error' | 'cancelled' | 'unknown';
}

export interface GeminiProposal {
  /** The `[[rule]]` table as written in a policy `.toml` file. */
  rule: string;
  toolName: string;
  commandPrefix?: string;
  /** The program (shell) or the tool name. */
  group: string;
  calls: number;
  risk: Risk;
  /** Up to three of the calls it covers. */
  examples: string[];
}

export interface GeminiLearned {
  proposals: GeminiProposal[];
  /** Calls no rule decided (Gemini asked), in calls the user did not cancel. */
  prompted: number;
  /** Of those, calls the policies plus the proposals allow. */
  covered: number;
  denied: number;
  askedByRule: number;
  declined: number;
}

const SHELL = new Set(['run_shell_command', 'ShellTool']);
const READ_TOOLS = new Set([
  'read_file',
  'read_many_files',
  'list_directory',
  'glob',
  'grep_search',
  'search_file_content',
  'google_web_search',
]);

const toml = (s: string) => JSON.stringify(s);

/** The text of one proposed rule. */
function ruleText(toolName: string, commandPrefix?: string): string {
  return [
    '[[rule]]',
    `toolName = ${toml(toolName)}`,
    ...(commandPrefix === undefined ? [] : [`commandPrefix = ${toml(commandPrefix)}`]),
    'decision = "allow"',
    `priority = ${LEARNED_PRIORITY}`,
  ].join('\n');
}

/** The command parts Gemini checks one by one (commands only), or the whole command when it does not parse. */
function commandParts(command: string): string[] {
  const inner = stripShellWrapper(command);
  const parsed = parseShell(inner);
  if (parsed.hasError) return [inner];
  return parsed.details.filter((d) => !REDIRECTION_NAMES.has(d.name)).map((d) => d.text);
}

/** Proposes allow rules for the sessions' calls under the policy files. */
export function learnGeminiRules(
  files: readonly GeminiFileInput[],
  calls: readonly GeminiLearnCall[],
): GeminiLearned {
  const { rules } = loadGeminiPolicies(files);
  const byRule = new Map<string, GeminiProposal>();
  const learnedFrom: GeminiLearnCall[] = [];
  let prompted = 0;
  let denied = 0;
  let askedByRule = 0;
  let declined = 0;
  const add = (
    toolName: string,
    prefix: string | undefined,
    group: string,
    risk: Risk,
    example: string,
  ) => {
    const rule = ruleText(toolName, prefix);
    let p = byRule.get(rule);
    if (!p) {
      p = {
        rule,
        toolName,
        ...(prefix === undefined ? {} : { commandPrefix: prefix }),
        group,
        calls: 0,
        risk,
        examples: [],
      };
      byRule.set(rule, p);
    }
    p.calls++;
    if (p.examples.length < 3 && !p.examples.includes(example)) p.examples.push(example);
  };
  for (const c of calls) {
    if (c.recorded === 'cancelled') {
      declined++;
      continue;
    }
    const mode = c.mode ?? 'default';
    const e = checkToolCall(rules, c.call, { mode });
    if (e.decision === 'deny') {
      denied++;
      continue;
    }
    if (e.decision === 'allow') continue;
    if (e.rule !== undefined) {
      askedByRule++;
      continue;
    }
    prompted++;
    learnedFrom.push(c);
    const command = c.call.args?.command;
    if (SHELL.has(c.call.name) && typeof command === 'string') {
      for (const part of commandParts(command)) {
        // The parts a rule already decides need none; a part allowed only by Gemini's heuristics
        // for known-safe commands does (they judge a command alone, not a part of a compound one).
        const alone = checkToolCall(
          rules,
          { name: c.call.name, args: { command: part } },
          { mode },
        );
        if (alone.rule !== undefined || alone.decision === 'deny') continue;
        const { rule, risk } = bashProposal(part);
        const inner = rule.slice('Bash('.length, -1);
        const prefix = inner.endsWith(' *') ? inner.slice(0, -2) : inner;
        add(
          c.call.name,
          prefix,
          prefix.split(' ')[0] ?? prefix,
          risk,
          part.replace(/\s+/g, ' ').trim(),
        );
      }
    } else {
      const risk: Risk = READ_TOOLS.has(c.call.name)
        ? 'read-only'
        : c.call.name === 'web_fetch'
          ? 'network'
          : 'local write';
      add(
        c.call.name,
        undefined,
        c.call.name,
        risk,
        `${c.call.name} ${JSON.stringify(c.call.args ?? {})}`.slice(0, 200),
      );
    }
  }
  const proposals = [...byRule.values()].sort(
    (a, b) => a.group.localeCompare(b.group) || b.calls - a.calls || a.rule.localeCompare(b.rule),
  );
  const after = loadGeminiPolicies([
    ...files,
    { path: 'learned.toml', text: proposals.map((p) => p.rule).join('\n\n'), tier: 'user' },
  ]).rules;
  const covered = learnedFrom.filter(
    (c) => checkToolCall(after, c.call, { mode: c.mode ?? 'default' }).decision === 'allow',
  ).length;
  return { proposals, prompted, covered, denied, askedByRule, declined };
}
