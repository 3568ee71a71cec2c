import { defineCommand } from '../registry.ts';

/** `convert <file> --to toml|yaml|json`: normalises and prints the written form. */
export const convertCommand = defineCommand({
  name: 'convert',
  summary: 'print the normalised written form of a rule file',
  positionals: { name: '<file>', noun: 'file', description: 'the rule file to convert', min: 1, max: 1 },
  options: [
    {
      kind: 'value',
      name: 'to',
      choices: ['toml', 'yaml', 'json'],
      required: true,
      description: "the form to write: toml (Pattern's form), yaml or json",
      example: '--to toml',
    },
    {
      kind: 'flag',
      name: 'move-agent-rules',
      description: "in a Pattern agent file, move the [[agent.tool_rules]] Pattern ignores (F011) to the agent's tool_rules, where Pattern reads them",
      example: '--move-agent-rules',
    },
  ],
  examples: [
    'rule-studio convert design.toml --to toml > agent.toml',
    'rule-studio convert agent.toml --to yaml',
    'rule-studio convert agents/anchor.toml --to toml --move-agent-rules',
  ],
  exitCodes: 'exit codes: 0 written, 1 the file has errors (nothing written), 2 unreadable input or bad usage',
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./convertRun.ts')).runConvert(args, ctx),
});
