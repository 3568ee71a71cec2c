/**
 * Every example of Codex's execpolicy README (openai/codex `codex-rs/execpolicy/README.md`, as
 * shipped with @openai/codex 0.171.0; stored copy read at commit
 * 11b641afe75bcc0c802de8cbd0e37e551f21a9ce) as named cases with the result Codex gives.
 */
import type { GenCase } from './codexGen.ts';

export interface ReadmeCase extends GenCase {
  name: string;
  expected: { json: unknown } | { refused: { file: string; line: number; code: string } };
}

const PREFIX_RULE = `prefix_rule(
    pattern = ["cmd", ["alt1", "alt2"]], # ordered tokens; list entries denote alternatives
    decision = "prompt",                 # allow | prompt | forbidden; defaults to allow
    justification = "explain why this rule exists",
    match = [["cmd", "alt1"], "cmd alt2"],           # examples that must match this rule
    not_match = [["cmd", "oops"], "cmd alt3"],       # examples that must not match this rule
)
`;
const GIT_HOSTS = `host_executable(
    name = "git",
    paths = [
        "/opt/homebrew/bin/git",
        "/usr/bin/git",
    ],
)
prefix_rule(pattern = ["git", "status"])
`;
const AZ = `host_executable(
    name = "az",
    paths = ["~/.openai/bin/az"],
)
prefix_rule(pattern = ["az", "login"], decision = "prompt")
`;
const f = (text: string) => [{ name: 'f0.rules', text }];
const prompt = (prefix: string[]) => ({ json: { matchedRules: [{ prefixRuleMatch: { matchedPrefix: prefix, decision: 'prompt', justification: 'explain why this rule exists' } }], decision: 'prompt' } });

export const README_CASES: ReadmeCase[] = [
  { name: 'policy shape: `cmd alt1` prompts with the justification', files: f(PREFIX_RULE), argv: ['cmd', 'alt1'], resolve: false, expected: prompt(['cmd', 'alt1']) },
  { name: 'policy shape: `cmd alt2 extra` matches the prefix `cmd alt2`', files: f(PREFIX_RULE), argv: ['cmd', 'alt2', 'extra'], resolve: false, expected: prompt(['cmd', 'alt2']) },
  { name: 'policy shape: `cmd alt3` matches no rule', files: f(PREFIX_RULE), argv: ['cmd', 'alt3'], resolve: false, expected: { json: { matchedRules: [] } } },
  { name: 'policy shape: `cmd` alone is shorter than the pattern', files: f(PREFIX_RULE), argv: ['cmd'], resolve: false, expected: { json: { matchedRules: [] } } },
  { name: 'host_executable: without resolution /usr/bin/git status matches only a /usr/bin/git rule', files: f(GIT_HOSTS), argv: ['/usr/bin/git', 'status'], resolve: false, expected: { json: { matchedRules: [] } } },
  { name: 'host_executable: with resolution a listed path falls back to the git rule', files: f(GIT_HOSTS), argv: ['/usr/bin/git', 'status'], resolve: true, expected: { json: { matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['git', 'status'], decision: 'allow', resolvedProgram: '/usr/bin/git' } }], decision: 'allow' } } },
  { name: 'host_executable: an unlisted path does not fall back', files: f(GIT_HOSTS), argv: ['/usr/local/bin/git', 'status'], resolve: true, expected: { json: { matchedRules: [] } } },
  { name: 'host_executable: no entry for a basename allows any absolute path', files: f('prefix_rule(pattern = ["ls"])\n'), argv: ['/bin/ls', '-l'], resolve: true, expected: { json: { matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['ls'], decision: 'allow', resolvedProgram: '/bin/ls' } }], decision: 'allow' } } },
  // Regression (found by the differential test): Codex 0.171.0 refuses `~/` paths although the README documents them.
  { name: 'host_executable: `~/` paths are refused by Codex 0.171.0 (README documents them)', files: f(AZ), argv: ['/home/user/.openai/bin/az', 'login'], resolve: true, expected: { refused: { file: 'f0.rules', line: 1, code: 'K020' } } },
  { name: 'strictest decision wins across every matching rule, listed in file order', files: f('prefix_rule(pattern = ["git"], decision = "prompt")\nprefix_rule(pattern = ["git", "push"], decision = "forbidden", justification = "Use `jj` instead of `git`.")\nprefix_rule(pattern = ["git", "push"])\n'), argv: ['git', 'push'], resolve: false, expected: { json: { matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['git'], decision: 'prompt' } }, { prefixRuleMatch: { matchedPrefix: ['git', 'push'], decision: 'forbidden', justification: 'Use `jj` instead of `git`.' } }, { prefixRuleMatch: { matchedPrefix: ['git', 'push'], decision: 'allow' } }], decision: 'forbidden' } } },
  { name: 'several --rules files merge in the order given', files: [{ name: 'f0.rules', text: 'prefix_rule(pattern = ["npm", "ci"], decision = "forbidden")\n' }, { name: 'f1.rules', text: 'prefix_rule(pattern = ["npm"])\n' }], argv: ['npm', 'ci'], resolve: false, expected: { json: { matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['npm', 'ci'], decision: 'forbidden' } }, { prefixRuleMatch: { matchedPrefix: ['npm'], decision: 'allow' } }], decision: 'forbidden' } } },
];

/**
 * Disagreements the differential test found, kept as named cases (Codex @openai/codex 0.171.0;
 * its source read at openai/codex e791609b0fb0fd097dbfa607959e1191965d0bce).
 */
export const REGRESSION_CASES: ReadmeCase[] = [
  // Seed 20261128, 300 cases: Codex prints resolvedProgram as the normalised path.
  { name: 'regression: resolvedProgram of /usr//bin/git is /usr/bin/git', files: f('prefix_rule(pattern = ["git", ["push", "it\'s"]], decision = "prompt", match = [["git", "it\'s"]])\n'), argv: ['/usr//bin/git', 'push'], resolve: true, expected: { json: { matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['git', 'push'], decision: 'prompt', resolvedProgram: '/usr/bin/git' } }], decision: 'prompt' } } },
  // Seed 20261128, 1,000 cases: `..` is resolved lexically before the host-executable lookup.
  { name: 'regression: /usr/lib/../bin/git resolves to /usr/bin/git', files: f('prefix_rule(pattern = [["git", "/usr/bin/git"]], decision = "allow", match = [["git"]])\n'), argv: ['/usr/lib/../bin/git'], resolve: true, expected: { json: { matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['git'], decision: 'allow', resolvedProgram: '/usr/bin/git' } }], decision: 'allow' } } },
  { name: 'regression: /usr/lib/../bin/git is the listed host executable /usr/bin/git', files: f('host_executable(name = "git", paths = ["/usr/bin/git"])\nprefix_rule(pattern = ["git"], decision = "prompt")\n'), argv: ['/usr/lib/../bin/git', 'x'], resolve: true, expected: { json: { matchedRules: [{ prefixRuleMatch: { matchedPrefix: ['git'], decision: 'prompt', resolvedProgram: '/usr/bin/git' } }], decision: 'prompt' } } },
  // Found while reading: the README documents `~/` host paths; 0.171.0 refuses them (see README_CASES).
];
