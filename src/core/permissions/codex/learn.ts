/**
 * Learning `prefix_rule`s from Codex sessions (issue 24), in the shape of the Claude Code learner
 * (`permissions/claude/learn.ts`): from the commands no rule matched (Codex's approval policy
 * prompted for them, or ran them as known safe) in calls the user did not decline, it proposes
 * allow rules grouped by program and subcommand, with the calls each covers and its risk class
 * (the Claude learner's classification: an interpreter only by its exact command, since a prefix
 * on it allows anything). Calls the rules forbid or prompt for are never learned from: the
 * strictest matching rule wins, so an allow could not open them anyway. Each proposal is checked by
 * deciding the commands again under the rules plus the proposals.
 */
import { bashProposal, type Risk } from '../claude/learn.ts';
import { loadCodexRules, checkCommand, type RulesFileInput } from './policy.ts';
import { replayCodexCall, type CodexExecCall } from './rollout.ts';

export interface CodexProposal {
  /** The rule as written in a `.rules` file. */
  rule: string;
  /** Its pattern's tokens. */
  pattern: string[];
  /** The program it is for. */
  group: string;
  /** Commands it covers. */
  calls: number;
  risk: Risk;
  /** Up to three of the commands it covers. */
  examples: string[];
}

export interface CodexLearned {
  proposals: CodexProposal[];
  /** Commands no rule matched (in calls the user did not decline). */
  prompted: number;
  /** Of those, commands the rules plus the proposals allow. */
  covered: number;
  /** Calls the rules forbid (never learned from). */
  denied: number;
  /** Calls a prompt rule asks for (never learned from). */
  askedByRule: number;
  /** Calls the user declined (never learned from). */
  declined: number;
}

const quote = (s: string) => JSON.stringify(s);

/** The prefix tokens to allow for one command, with the risk (Claude's classification, in tokens). */
function proposalOf(argv: readonly string[]): { pattern: string[]; risk: Risk } {
  const { rule, risk } = bashProposal(argv.join(' '));
  const inner = rule.slice('Bash('.length, -1);
  const words = (inner.endsWith(' *') ? inner.slice(0, -2) : inner).split(' ').filter(Boolean).length;
  // Words with spaces do not survive the join: keep the whole command then.
  const n = argv.slice(0, words).some((w) => /\s/.test(w)) ? argv.length : Math.max(1, Math.min(words, argv.length));
  return { pattern: argv.slice(0, n), risk };
}

/** Proposes allow rules for the sessions' calls under the rule files. */
export function learnPrefixRules(files: readonly RulesFileInput[], calls: readonly CodexExecCall[]): CodexLearned {
  const { policy } = loadCodexRules(files);
  const byRule = new Map<string, CodexProposal>();
  let prompted = 0;
  let denied = 0;
  let askedByRule = 0;
  let declined = 0;
  const learnedFrom: string[][] = [];
  for (const call of calls) {
    if (call.recorded === 'declined') {
      declined++;
      continue;
    }
    const r = replayCodexCall(policy, call);
    if (r.decision === 'forbidden') {
      denied++;
      continue;
    }
    if (r.decision === 'prompt') {
      askedByRule++;
      continue;
    }
    for (const cmd of r.unmatched) {
      prompted++;
      learnedFrom.push(cmd);
      const { pattern, risk } = proposalOf(cmd);
      const rule = `prefix_rule(pattern = [${pattern.map(quote).join(', ')}], decision = "allow")`;
      let p = byRule.get(rule);
      if (!p) {
        p = { rule, pattern, group: pattern[0] as string, calls: 0, risk, examples: [] };
        byRule.set(rule, p);
      }
      p.calls++;
      const text = cmd.join(' ');
      if (p.examples.length < 3 && !p.examples.includes(text)) p.examples.push(text);
    }
  }
  const proposals = [...byRule.values()].sort((a, b) => a.group.localeCompare(b.group) || b.calls - a.calls || a.rule.localeCompare(b.rule));
  const after = loadCodexRules([...files, { path: 'learned.rules', text: proposals.map((p) => p.rule).join('\n') }]).policy;
  const covered = learnedFrom.filter((cmd) => checkCommand(after, cmd).decision === 'allow').length;
  return { proposals, prompted, covered, denied, askedByRule, declined };
}
